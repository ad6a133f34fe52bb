// Moderators and the audit log (schema version 10): the role granted and revoked with an entry
// each, and a log the database keeps append-only (UPDATE and DELETE refused by triggers; on
// PostgreSQL TRUNCATE too).
#include <catch2/catch.hpp>

#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

TEST_CASE("moderators: granted and revoked once each, every change in the audit log") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    auto& m = store->moderation();
    CHECK_FALSE(m.is_moderator(ann));
    REQUIRE(m.grant(ann, 1000, "first moderator").is_ok());
    CHECK(m.is_moderator(ann));
    CHECK_FALSE(m.is_moderator(bob));
    CHECK(m.grant(ann, 2000, "again").is_conflict());
    REQUIRE(m.grant(bob, 3000, "").is_ok());
    CHECK(m.moderators() == std::vector<PlayerId>{ann, bob});
    REQUIRE(m.revoke(ann, 4000, "stepped down").is_ok());
    CHECK_FALSE(m.is_moderator(ann));
    CHECK(m.revoke(ann, 5000, "").is_not_found());

    const auto log = m.log(0, 10);  // newest first
    REQUIRE(log.size() == 3);
    CHECK(log[0].action == "revoke_moderator");
    CHECK(log[0].target == "player:" + std::to_string(ann));
    CHECK(log[0].note == "stepped down");
    CHECK(log[0].at == 4000);
    CHECK_FALSE(log[0].moderator);  // the operator
    CHECK(log[1].action == "grant_moderator");
    CHECK(log[1].target == "player:" + std::to_string(bob));
    CHECK(log[2].note == "first moderator");
    CHECK(log[0].id > log[1].id);
    CHECK(log[1].id > log[2].id);
    // Paging: below an id, at most limit.
    const auto older = m.log(log[0].id, 1);
    REQUIRE(older.size() == 1);
    CHECK(older[0].id == log[1].id);
    CHECK(m.log(log[2].id, 10).empty());
}

TEST_CASE("audit log: a moderator's entry is kept, and the database refuses to change or delete it") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    auto& m = store->moderation();
    REQUIRE(m.append(AuditEntry{0, 7000, ann, "disqualify", "case:4", "knew the deal"}).is_ok());
    const auto before = m.log(0, 10);
    REQUIRE(before.size() == 1);
    CHECK(before[0].moderator == ann);

    CHECK_FALSE(store->db().exec("UPDATE audit_log SET note = 'nothing to see'").is_ok());
    CHECK_FALSE(store->db().exec("DELETE FROM audit_log").is_ok());
    if (store->db().dialect() == Dialect::kPostgres) {
        CHECK_FALSE(store->db().exec("TRUNCATE audit_log").is_ok());
    }
    const auto after = m.log(0, 10);
    REQUIRE(after.size() == 1);
    CHECK(after[0].note == "knew the deal");
    CHECK(after[0].action == "disqualify");
    // Appending still works after the refusals.
    REQUIRE(m.append(AuditEntry{0, 8000, ann, "clear", "case:5", ""}).is_ok());
    CHECK(m.log(0, 10).size() == 2);
}

}  // namespace
