// Stored lanes, on both backends: a lane with its sides, members in join order, reports by
// index (none twice, undo only of the last), finishing with scores, the version, a player's
// finished lanes, and a taken code refused without spoiling the transaction it is in.
#include <catch2/catch.hpp>

#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

LaneRow lane(const std::string& code, std::optional<std::int64_t> guest,
             std::optional<PlayerId> player) {
    LaneRow row;
    row.code = code;
    row.ruleset = "tenpin";
    row.teams = true;
    row.owner_guest = guest;
    row.owner_player = player;
    row.created_at = 1000;
    row.sides = {"Pin Pals", "Gutter Gang"};
    return row;
}

TEST_CASE("a lane is stored with its sides, members and reports and read back whole") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    REQUIRE(store->create_guest(41, "guest-hash", 500).is_ok());
    LaneRow row = lane("ABCD2345", 41, std::nullopt);
    REQUIRE(store->lanes().create(row).is_ok());
    CHECK(row.id > 0);
    REQUIRE(store->lanes().add_member(row.id, {1, std::nullopt, ann, "Ann"}).is_ok());
    REQUIRE(store->lanes().add_member(row.id, {0, 41, std::nullopt, "Guest"}).is_ok());
    REQUIRE(store->lanes().append_report(row.id, 0, {0, 7, false}).is_ok());
    REQUIRE(store->lanes().append_report(row.id, 1, {0, 2, true}).is_ok());
    REQUIRE(store->lanes().append_report(row.id, 2, {1, 10, false}).is_ok());
    CHECK(store->lanes().append_report(row.id, 2, {1, 3, false}).is_conflict());
    REQUIRE(store->lanes().set_version(row.id, 6).is_ok());

    const auto got = store->lanes().by_code("ABCD2345");
    REQUIRE(got);
    CHECK(got->id == row.id);
    CHECK(got->ruleset == "tenpin");
    CHECK(got->teams);
    CHECK(got->owner_guest == std::optional<std::int64_t>(41));
    CHECK_FALSE(got->owner_player);
    CHECK(got->created_at == 1000);
    CHECK_FALSE(got->finished_at);
    CHECK(got->version == 6);
    CHECK(got->sides == std::vector<std::string>{"Pin Pals", "Gutter Gang"});
    REQUIRE(got->members.size() == 2);
    CHECK(got->members[0].name == "Ann");  // join order, not side order
    CHECK(got->members[0].player == ann);
    CHECK(got->members[1].guest == std::optional<std::int64_t>(41));
    REQUIRE(got->reports.size() == 3);
    CHECK(got->reports[1].pins == 2);
    CHECK(got->reports[1].foul);
    CHECK_FALSE(got->reports[2].foul);
    CHECK(got->reports[2].side == 1);
    CHECK_FALSE(store->lanes().by_code("ZZZZ2345"));
}

TEST_CASE("only the last report can be taken back") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    LaneRow row = lane("UNDO2345", std::nullopt, std::nullopt);
    REQUIRE(store->lanes().create(row).is_ok());
    for (int i = 0; i < 3; ++i) REQUIRE(store->lanes().append_report(row.id, i, {0, i, false}).is_ok());
    CHECK(store->lanes().remove_report(row.id, 1).is_not_found());
    REQUIRE(store->lanes().remove_report(row.id, 2).is_ok());
    REQUIRE(store->lanes().remove_report(row.id, 1).is_ok());
    const auto got = store->lanes().by_code("UNDO2345");
    REQUIRE(got);
    REQUIRE(got->reports.size() == 1);
    CHECK(got->reports[0].pins == 0);
}

TEST_CASE("a finished lane keeps its scores and shows on its members' profiles") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    LaneRow row = lane("DONE2345", std::nullopt, ann);
    REQUIRE(store->lanes().create(row).is_ok());
    REQUIRE(store->lanes().add_member(row.id, {1, std::nullopt, ann, "Ann"}).is_ok());
    CHECK(store->lanes().lanes_of(ann).empty());  // not finished yet
    REQUIRE(store->lanes().finish(row.id, {187, 203}, 9000).is_ok());
    const auto got = store->lanes().by_code("DONE2345");
    REQUIRE(got);
    CHECK(got->finished_at == std::optional<Millis>(9000));
    CHECK(got->scores == std::vector<std::optional<int>>{187, 203});
    const auto played = store->lanes().lanes_of(ann);
    REQUIRE(played.size() == 1);
    CHECK(played[0].code == "DONE2345");
    CHECK(played[0].side == "Gutter Gang");
    CHECK(played[0].score == 203);
    CHECK(played[0].finished_at == 9000);
}

TEST_CASE("a taken lane code is a conflict that leaves the transaction usable") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    LaneRow first = lane("SAME2345", std::nullopt, std::nullopt);
    REQUIRE(store->lanes().create(first).is_ok());
    REQUIRE(store->begin().is_ok());
    LaneRow again = lane("SAME2345", std::nullopt, std::nullopt);
    CHECK(store->lanes().create(again).is_conflict());
    again.code = "NEXT2345";  // the server's retry with another code, in the same transaction
    REQUIRE(store->lanes().create(again).is_ok());
    REQUIRE(store->commit().is_ok());
    CHECK(store->lanes().by_code("NEXT2345"));
    CHECK(store->lanes().by_code("SAME2345")->id == first.id);
}

}  // namespace
