// Black-box: a two-team compact-official game on a real lane, reported by two phones taking
// turns while a third watches; refusals, undo, reconnect and a restart.
#include <catch2/catch.hpp>

#include <csignal>
#include <cstdlib>
#include <fstream>

#include "server_process.hpp"
#include "ws_client.hpp"

using namespace pinfall::test;

namespace {

// Team A's rolls, frame by frame ("F" is a foul); hand-computed sheet below.
//   X | 3/ | 4- | X | X | 21 | 5/ | F/ | -- | XX-
//   12  22   26  40  49  52   58   64   64   76
const std::vector<std::vector<std::string>> kTeamA = {
    {"6"}, {"3", "3"}, {"4", "0"}, {"6"}, {"6"}, {"2", "1"}, {"5", "1"}, {"F", "6"}, {"0", "0"},
    {"6", "6", "0"}};
const std::vector<std::string> kMarksA = {"X", "3/", "4-", "X", "X", "21", "5/", "F/", "--", "XX-"};
const std::vector<int> kTotalsA = {12, 22, 26, 40, 49, 52, 58, 64, 64, 76};

Json report(const std::string& lane, int side, const std::string& roll) {
    Json m = {{"type", "lane_report"}, {"lane", lane}, {"side", side}};
    if (roll == "F") {
        m["foul"] = true;
    } else {
        m["pins"] = std::stoi(roll);
    }
    return m;
}

void expect_code(WsClient& c, const Json& m, const std::string& code) {
    const Json r = c.request(m);
    INFO(m.dump() << " -> " << r.dump());
    CHECK(r["type"] == "error");
    CHECK(r["code"] == code);
}

}  // namespace

TEST_CASE("a two-team compact-official game played to the end by two phones", "[storage]") {
    const ScratchDir scratch("lane");
    const std::string& dir = scratch.path();
    std::string lane;
    {
        ServerProcess server({"--msg-rate", "0"}, dir);
        WsClient a(server.port());
        a.hello();
        const Json opened = a.request({{"type", "lane_open"}, {"ruleset", "compact-official"},
                                       {"teams", true}, {"sides", {"Team A", "Team B"}},
                                       {"join", 0}, {"name", "Ann"}});
        REQUIRE(opened["type"] == "lane");
        lane = opened["lane"];
        CHECK(lane.size() == 8);
        CHECK(opened["owner"] == true);
        CHECK(opened["you"] == 0);
        CHECK(opened["phase"] == "rolloff");

        auto b = std::make_unique<WsClient>(server.port());
        const std::string b_guest = b->hello()["guest"];
        const Json joined = b->request({{"type", "lane_join"}, {"lane", lane}, {"side", 1},
                                        {"name", "Bob"}});
        REQUIRE(joined["type"] == "lane_update");  // a change, with the whole state
        CHECK(joined["change"]["e"] == "join");
        CHECK(joined["you"] == 1);
        CHECK(joined["owner"] == false);
        CHECK(joined["sides"][1]["members"] == Json::array({"Bob"}));

        WsClient watcher(server.port());
        watcher.hello();
        const Json watched = watcher.request({{"type", "lane_watch"}, {"lane", lane}});
        std::uint64_t seen = watched["version"];
        expect_code(watcher, report(lane, 0, "3"), "not_your_side");
        expect_code(watcher, {{"type", "lane_watch"}, {"lane", "ZZZZZZ"}}, "unknown_lane");

        // Roll-off: A counts 2, B counts 4; the side with fewer pins starts.
        expect_code(*b, report(lane, 1, "4"), "out_of_turn");
        REQUIRE(a.request(report(lane, 0, "2"))["type"] == "lane_update");
        Json up = b->request(report(lane, 1, "4"));
        CHECK(up["rolloff"]["order"] == Json::array({0, 1}));
        CHECK(up["phase"] == "play");

        // A wrong report, then the owner's undo; Bob may not undo.
        REQUIRE(a.request(report(lane, 0, "5"))["type"] == "lane_update");
        expect_code(*b, {{"type", "lane_undo"}, {"lane", lane}}, "not_owner");
        up = a.request({{"type", "lane_undo"}, {"lane", lane}});
        CHECK(up["change"]["e"] == "undo");
        CHECK(up["sheets"][0]["frames"][0]["marks"] == "");

        for (int f = 0; f < 10; ++f) {
            for (const auto& roll : kTeamA[f]) {
                REQUIRE(a.request(report(lane, 0, roll))["type"] == "lane_update");
            }
            if (f == 0) expect_code(a, report(lane, 0, "1"), "out_of_turn");
            if (f == 4) {
                // Bob's phone drops; he comes back with his guest token.
                b = std::make_unique<WsClient>(server.port());
                CHECK(b->hello(b_guest)["guest"] == b_guest);
                CHECK(b->request({{"type", "lane_watch"}, {"lane", lane}})["you"] == 1);
            }
            expect_code(*b, report(lane, 1, "7"), "too_many_pins_for_rack");
            REQUIRE(b->request(report(lane, 1, "3"))["type"] == "lane_update");
            up = b->request(report(lane, 1, "2"));
            REQUIRE(up["type"] == "lane_update");
        }
        CHECK(up["phase"] == "complete");
        for (int f = 0; f < 10; ++f) {
            CHECK(up["sheets"][0]["frames"][f]["marks"] == kMarksA[f]);
            CHECK(up["sheets"][0]["frames"][f]["total"] == kTotalsA[f]);
            CHECK(up["sheets"][1]["frames"][f]["marks"] == "32");
        }
        CHECK(up["sheets"][0]["score"] == 76);
        CHECK(up["sheets"][1]["score"] == 50);
        expect_code(a, {{"type", "lane_undo"}, {"lane", lane}}, "game_complete");

        // The watcher saw every change, in order, with no gap.
        std::uint64_t updates = 0;
        while (auto text = watcher.recv(300ms)) {
            const Json m = Json::parse(*text);
            if (m["type"] != "lane_update") continue;
            CHECK(m["version"] == seen + 1);
            seen = m["version"];
            ++updates;
        }
        CHECK(seen == up["version"]);
        CHECK(updates > 40);
        CHECK(server.signal_and_wait(SIGTERM, std::chrono::seconds(5)) == 0);
    }
    ServerProcess again({}, dir);
    WsClient c(again.port());
    c.hello();
    const Json after = c.request({{"type", "lane_watch"}, {"lane", lane}});
    CHECK(after["phase"] == "complete");
    CHECK(after["sheets"][0]["score"] == 76);
    CHECK(after["sheets"][1]["score"] == 50);
}

TEST_CASE("opening a lane checks its ruleset and sides", "[storage]") {
    ServerProcess server;
    WsClient c(server.port());
    c.hello();
    expect_code(c, {{"type", "lane_open"}, {"ruleset", "bumper"}, {"sides", {"A"}}},
                "bad_ruleset");
    expect_code(c, {{"type", "lane_open"}, {"ruleset", "tenpin"}, {"sides", Json::array()}},
                "bad_request");
    expect_code(c, {{"type", "lane_open"}, {"ruleset", "tenpin"}, {"teams", true},
                    {"sides", {"A", "B", "C"}}},
                "bad_request");
    expect_code(c, {{"type", "lane_open"}, {"ruleset", "tenpin"}, {"sides", {"   "}}}, "bad_name");
    const Json solo = c.request({{"type", "lane_open"}, {"ruleset", "tenpin"}, {"sides", {"Me"}},
                                 {"join", 0}});
    REQUIRE(solo["type"] == "lane");
    CHECK(solo["phase"] == "play");  // one side: no roll-off
    CHECK(solo["next"]["side"] == 0);
    CHECK(solo["next"]["standing"] == 10);
}

TEST_CASE("a finished lane game is listed in the player's profile, apart from solitaire", "[storage]") {
    ServerProcess server({"--msg-rate", "0"});
    WsClient c(server.port());
    c.hello();
    const Json reg = c.request({{"type", "register"}, {"name", "Lane Bowler"}});
    REQUIRE(reg["type"] == "registered");
    const Json solo = c.request({{"type", "lane_open"}, {"ruleset", "tenpin"}, {"sides", {"Me"}},
                                 {"join", 0}});
    const std::string lane = solo["lane"];
    CHECK(solo["sides"][0]["members"] == Json::array({"Lane Bowler"}));
    Json up;
    for (int i = 0; i < 12; ++i) up = c.request(report(lane, 0, "10"));
    CHECK(up["phase"] == "complete");
    CHECK(up["sheets"][0]["score"] == 300);
    const Json profile = c.request({{"type", "profile"}});
    REQUIRE(profile["type"] == "profile");
    CHECK(profile["games"] == 0);  // lane games never enter solitaire figures
    REQUIRE(profile["lanes"].size() == 1);
    CHECK(profile["lanes"][0]["lane"] == lane);
    CHECK(profile["lanes"][0]["ruleset"] == "tenpin");
    CHECK(profile["lanes"][0]["score"] == 300);
    const Json board = c.request({{"type", "leaderboard"}, {"board", "best_game"}});
    CHECK(board["total"] == 0);  // nor leaderboards
}
