// Passwords and token rotation (schema version 8): the password string column, the extra
// tokens of password logins, and rotation that leaves exactly one working token.
#include <catch2/catch.hpp>

#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

const std::string kHash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo";

TEST_CASE("a player's password string is stored, found by name key, and replaced") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");

    auto login = store->player_login("ann");
    REQUIRE(login);
    CHECK(login->first.id == ann);
    CHECK_FALSE(login->second);  // no password yet
    CHECK_FALSE(store->password_hash(ann));
    CHECK_FALSE(store->player_login("nobody"));

    REQUIRE(store->set_password_hash(ann, kHash).is_ok());
    login = store->player_login("ann");
    REQUIRE(login);
    REQUIRE(login->second);
    CHECK(*login->second == kHash);
    CHECK(store->password_hash(ann) == kHash);
    CHECK_FALSE(store->password_hash(bob));

    REQUIRE(store->set_password_hash(ann, kHash + "2").is_ok());
    CHECK(store->password_hash(ann) == kHash + "2");
    CHECK(store->set_password_hash(bob + 100, kHash).is_not_found());
}

TEST_CASE("password-login tokens find the player until rotation, rotation keeps one token") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");  // own token "hash-of-ann"
    const PlayerId bob = test::add_player(*store, "bob");
    REQUIRE(store->add_player_token(ann, std::string("dev\0ice1", 8), 10).is_ok());
    REQUIRE(store->add_player_token(ann, "device-2", 11).is_ok());
    REQUIRE(store->add_player_token(bob, "device-b", 12).is_ok());
    CHECK(store->add_player_token(bob, "device-2", 13).is_conflict());

    for (const std::string& t : {std::string("hash-of-ann"), std::string("dev\0ice1", 8),
                                std::string("device-2")}) {
        const auto p = store->player_by_token(t);
        REQUIRE(p);
        CHECK(p->id == ann);
        CHECK(p->name == "ann");
    }
    CHECK_FALSE(store->player_by_token("dev"));

    REQUIRE(store->rotate_player_tokens(ann, "rotated").is_ok());
    for (const std::string& t : {std::string("hash-of-ann"), std::string("dev\0ice1", 8),
                                std::string("device-2")}) {
        CHECK_FALSE(store->player_by_token(t));
    }
    const auto p = store->player_by_token("rotated");
    REQUIRE(p);
    CHECK(p->id == ann);
    // Bob's tokens are untouched.
    CHECK(store->player_by_token("hash-of-bob"));
    CHECK(store->player_by_token("device-b"));
    CHECK(store->rotate_player_tokens(bob + 100, "x").is_not_found());
}

}  // namespace
