// Players: created with a name, a case-folded name key and a token hash; the name key and the
// token hash are unique (conflict); lookups by token hash and by id.
#include <catch2/catch.hpp>

#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

TEST_CASE("a created player is found by token hash and by id") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    PlayerId ann = 0, bob = 0;
    REQUIRE(store->create_player("Ann", "ann", std::string("\x01\x00\xff", 3), 1111, &ann).is_ok());
    REQUIRE(store->create_player("Bob", "bob", "token-b", 2222, &bob).is_ok());
    CHECK(ann > 0);
    CHECK(bob != ann);

    // The hash is a blob: an embedded NUL byte is part of it.
    const auto by_token = store->player_by_token(std::string("\x01\x00\xff", 3));
    REQUIRE(by_token);
    CHECK(by_token->id == ann);
    CHECK(by_token->name == "Ann");
    CHECK(by_token->created_at == 1111);
    CHECK_FALSE(store->player_by_token(std::string("\x01", 1)));
    CHECK_FALSE(store->player_by_token("token-c"));

    const auto by_id = store->player(bob);
    REQUIRE(by_id);
    CHECK(by_id->name == "Bob");
    CHECK(by_id->created_at == 2222);
    CHECK_FALSE(store->player(bob + 100));
}

TEST_CASE("a taken name key or token hash is a conflict and changes nothing") {
    struct Case {
        const char* what;
        const char* name;
        const char* key;
        const char* token;
        bool conflict;
    };
    const Case cases[] = {
        {"same name, same key", "Ann", "ann", "t2", true},
        {"other case, same key", "ANN", "ann", "t3", true},
        {"other name, same token hash", "Zed", "zed", "t1", true},
        {"other key and token", "Annie", "annie", "t4", false},
    };
    for (const auto& c : cases) {
        INFO(c.what);
        TempDir dir;
        auto store = test::open_store(dir.db());
        PlayerId ann = 0;
        REQUIRE(store->create_player("Ann", "ann", "t1", 1, &ann).is_ok());
        PlayerId other = -1;
        const Status st = store->create_player(c.name, c.key, c.token, 2, &other);
        CHECK(st.is_conflict() == c.conflict);
        CHECK(st.is_ok() == !c.conflict);
        if (c.conflict) {
            CHECK(other == -1);  // untouched on failure
            CHECK(test::query_text(store->db(), "SELECT count(*) FROM players") == "1");
            CHECK(store->player_by_token("t1")->name == "Ann");
        } else {
            CHECK(store->player(other)->name == c.name);
        }
    }
}

}  // namespace
