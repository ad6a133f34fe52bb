// The text drawing, exactly: a fresh game on the all-zero seed (the snapshot of
// docs/protocol.md), a hand-made score sheet, event lines, the share line and the reports.
#include "client/render.hpp"

#include <catch2/catch.hpp>

using namespace pinfall::cli;

namespace {

// docs/protocol.md, "game: a snapshot".
const char* kFreshGame =
    R"({"type":"game","re":7,"game":42,"mode":"practice","version":1,"state":{"ruleset":"sackson","over":false,"resigned":false,"frame":1,"ball":1,"deal":0,"second_ball":false,"pins_this_ball":0,"pins":["6S","7S","10H","AS","4S","9H","8H","10S","AH","5H"],"piles":[{"up":"5S","down":4},{"up":"6H","down":2},{"up":"3H","down":1}]},"sheet":{"rolls":[],"frames":[{"marks":"","total":null},{"marks":"","total":null},{"marks":"","total":null},{"marks":"","total":null},{"marks":"","total":null},{"marks":"","total":null},{"marks":"","total":null},{"marks":"","total":null},{"marks":"","total":null},{"marks":"","total":null}],"score":0,"complete":false},"legal":[[[1,3,6],[3,4,5]],[[1],[1,3],[2,3,6]],[[1,2],[1,2,3],[3,5,6]]]})";

Table fresh() {
    auto t = table_from_snapshot(Json::parse(kFreshGame));
    REQUIRE(t);
    return *t;
}

}  // namespace

TEST_CASE("a fresh game on the all-zero seed, drawn exactly") {
    const Table t = fresh();
    CHECK(render_status(t) == "Game 42 (practice, sackson): frame 1, ball 1\n");
    CHECK(render_triangle(t) ==
          " 7 [8H ]   8 [10S]   9 [AH ]  10 [5H ]\n"
          "      4 [AS ]   5 [4S ]   6 [9H ]\n"
          "           2 [7S ]   3 [10H]\n"
          "                1 [6S ]\n");
    CHECK(render_piles(t) == "Piles   1: 5S  +4 down   2: 6H  +2 down   3: 3H  +1 down\n");
    CHECK(render_sheet(t) ==
          "+-----+-----+-----+-----+-----+-----+-----+-----+-----+-------+\n"
          "|  1  |  2  |  3  |  4  |  5  |  6  |  7  |  8  |  9  |  10   |\n"
          "|     |     |     |     |     |     |     |     |     |       |\n"
          "|     |     |     |     |     |     |     |     |     |       |\n"
          "+-----+-----+-----+-----+-----+-----+-----+-----+-----+-------+\n"
          "Score 0\n");
    CHECK(render_legal(t) ==
          "Legal plays (type the number, or the pile and pins):\n"
          "   1) 1: 1 3 6      2) 1: 3 4 5      3) 2: 1          4) 2: 1 3\n"
          "   5) 2: 2 3 6      6) 3: 1 2        7) 3: 1 2 3      8) 3: 3 5 6\n");
    CHECK(render_table(t) == render_status(t) + "\n" + render_triangle(t) + "\n" + render_piles(t) +
                                 "\n" + render_sheet(t) + "\n" + render_legal(t));
}

TEST_CASE("downed pins, empty piles and a ball under way") {
    Table t = fresh();
    t.pins[0].clear();
    t.pins[2].clear();
    t.pins[5].clear();
    t.pins_this_ball = 3;
    t.piles[0] = PileState{"7H", 3};
    t.piles[1] = PileState{"", 0};
    t.piles[2] = PileState{"2H", 0};
    CHECK(render_status(t) ==
          "Game 42 (practice, sackson): frame 1, ball 1, 3 pins down this ball\n");
    CHECK(render_triangle(t) ==
          " 7 [8H ]   8 [10S]   9 [AH ]  10 [5H ]\n"
          "      4 [AS ]   5 [4S ]   6   .\n"
          "           2 [7S ]   3   .\n"
          "                1   .\n");
    CHECK(render_piles(t) == "Piles   1: 7H  +3 down   2: --  empty   3: 2H  last card\n");
}

TEST_CASE("the sheet puts strikes in the right box and shows known totals") {
    Table t = fresh();
    const std::vector<std::pair<std::string, std::optional<int>>> frames = {
        {"X", 20},  {"7/", 39}, {"9-", 48},  {"33", 54}, {"X", 84},
        {"X", 113}, {"X", 133}, {"9/", 153}, {"X", 183}, {"XX9", 212}};
    for (std::size_t f = 0; f < frames.size(); ++f) {
        t.frames[f] = FrameState{frames[f].first, frames[f].second};
    }
    t.score = 212;
    CHECK(render_sheet(t) ==
          "+-----+-----+-----+-----+-----+-----+-----+-----+-----+-------+\n"
          "|  1  |  2  |  3  |  4  |  5  |  6  |  7  |  8  |  9  |  10   |\n"
          "|   X | 7 / | 9 - | 3 3 |   X |   X |   X | 9 / |   X | X X 9 |\n"
          "|  20 |  39 |  48 |  54 |  84 | 113 | 133 | 153 | 183 |   212 |\n"
          "+-----+-----+-----+-----+-----+-----+-----+-----+-----+-------+\n"
          "Score 212\n");
    t.ruleset = "strict";
    CHECK(share_line(t, "2026-11-29") ==
          "Pinfall 2026-11-29 strict: X 7/ 9- 33 X X X 9/ X XX9 = 212\n");
}

TEST_CASE("events of docs/protocol.md read as sentences") {
    CHECK(describe_event(Json::parse(
              R"({"v":2,"e":"play","pile":1,"pins":[1,3,6],"ball":"5S","turned":"7H"})")) ==
          "Pile 1 (5S) knocks down 1 3 6; 7H turned up.");
    CHECK(describe_event(
              Json::parse(R"({"v":2,"e":"play","pile":3,"pins":[2],"ball":"2H","turned":null})")) ==
          "Pile 3 (2H) knocks down 2; pile 3 is now empty.");
    CHECK(
        describe_event(Json::parse(
            R"({"v":3,"e":"ball_end","frame":1,"ball":1,"roll":3,"reason":"stopped","mark":null})")) ==
        "Frame 1, ball 1: 3 pins, you stopped.");
    CHECK(
        describe_event(Json::parse(
            R"({"v":3,"e":"ball_end","frame":4,"ball":1,"roll":10,"reason":"cleared","mark":"strike"})")) ==
        "Frame 4, ball 1: 10 pins, all pins down. STRIKE!");
    CHECK(describe_event(Json::parse(
              R"({"v":4,"e":"burn","burned":["7H","6H",null],"turned":["2S","3S",null]})")) ==
          "Next ball: burned 7H 6H -; turned up 2S 3S -.");
    CHECK(describe_event(Json::parse(R"({"v":7,"e":"frame_end","frame":1})")) ==
          "Frame 1 complete.");
    CHECK(
        describe_event(Json::parse(
            R"({"v":8,"e":"deal","deal":1,"pins":["4H","2S","3S","9H","AH","5H","10S","2H","7S","6H"],"up":["3H","7H","5S"]})")) ==
        "A fresh rack (deal 1).");
    CHECK(describe_event(Json::parse(R"({"v":11,"e":"game_over","score":8,"resigned":true})")) ==
          "Game over: score 8 (resigned).");
    CHECK(describe_event(Json::parse(R"({"v":11})")) == "(an event this client cannot read)");
}

TEST_CASE("the game-over summary: score, share line and the reveal") {
    Table t = fresh();
    t.over = true;
    t.resigned = true;
    t.frames[0] = FrameState{"33", 6};
    t.frames[1] = FrameState{"2", std::nullopt};
    t.score = 8;
    t.reveal = RevealState{std::string(64, '0'), "pinfall/1 sackson 00 1:2,5 r", {"d0", "d1"}};
    CHECK(share_line(t, "2026-11-29") == "Pinfall 2026-11-29 sackson: 33 2 (resigned) = 8\n");
    CHECK(render_game_over(t, "2026-11-29") ==
          "Final score: 8 (resigned: frames not bowled score 0)\n"
          "Share: Pinfall 2026-11-29 sackson: 33 2 (resigned) = 8\n"
          "Seed:   " +
              std::string(64, '0') +
              "\n"
              "Record: pinfall/1 sackson 00 1:2,5 r\n"
              "Deals:\n"
              "   0  d0\n"
              "   1  d1\n"
              "Check: `pinfall deal SEED K` prints deal K; `pinfall verify 42` replays the "
              "record.\n"
              "Par:    208 (the best score with every card known); you made 3.8% of it.\n"
              "`pinfall review 42` judges each of your decisions with the coach.\n");
    t.resigned = false;
    t.reveal.reset();
    t.mode = "daily";
    CHECK(render_game_over(t, "2026-11-29") ==
          "Final score: 8 (0 strikes, 0 spares)\n"
          "Share: Pinfall 2026-11-29 sackson: 33 2 = 8\n"
          "The seed and record of a daily game are public at the day's reveal;\n"
          "then `pinfall verify 42` replays the record.\n");
}

TEST_CASE("a leaderboard page as a table") {
    const Json board = Json::parse(
        R"({"type":"leaderboard","re":4,"board":"daily","date":"2026-11-29","ruleset":"sackson","total":3,"entries":[{"rank":1,"player":{"id":7,"name":"Ann Lee"},"score":187,"strikes":6,"spares":2,"finished_at":"2026-11-29T12:00:03.120Z","game":12},{"rank":2,"player":{"id":9,"name":"Bo"},"score":90,"strikes":1,"spares":10,"finished_at":"2026-11-29T12:00:04.120Z","game":13}],"next_cursor":"c","me":{"rank":2,"player":{"id":9,"name":"Bo"},"score":90,"strikes":1,"spares":10,"finished_at":"2026-11-29T12:00:04.120Z","game":13}})");
    CHECK(render_leaderboard(board) ==
          "Daily leaderboard 2026-11-29 (sackson): 3 players\n"
          "Rank  Name                     Score  Strikes  Spares\n"
          "   1  Ann Lee                    187        6       2\n"
          "   2  Bo                          90        1      10\n"
          "... and 1 more (--limit shows up to 100)\n"
          "You:\n"
          "   2  Bo                          90        1      10\n");
    const Json empty = Json::parse(
        R"({"type":"leaderboard","board":"daily","date":"2026-11-30","ruleset":"sackson","total":0,"entries":[],"next_cursor":null,"me":null})");
    CHECK(render_leaderboard(empty) ==
          "Daily leaderboard 2026-11-30 (sackson): 0 players\nNo one is on this board yet.\n");
    const Json avg = Json::parse(
        R"({"type":"leaderboard","board":"best_average","date":null,"ruleset":"sackson","total":1,"entries":[{"rank":1,"player":{"id":7,"name":"Ann Lee"},"average":150,"games":12}],"next_cursor":null,"me":null})");
    CHECK(render_leaderboard(avg) ==
          "Best averages (last 30 days) (sackson): 1 player\n"
          "Rank  Name                     Average  Games\n"
          "   1  Ann Lee                      150     12\n");
}

TEST_CASE("a verification, with the stored game") {
    const Json ok = Json::parse(
        R"({"type":"verified","re":2,"game":12,"ok":true,"replayed_score":187,"stored_score":187,"failed_index":null,"error":null})");
    const Json stored = Json::parse(
        R"({"type":"stored_game","re":3,"game":12,"mode":"practice","day":null,"player":null,"ruleset":"sackson","finished":true,"score":187,"strikes":6,"spares":2,"finished_at":"x","seed":"ab","record":"pinfall/1 sackson ab s"})");
    CHECK(render_verified(ok, &stored) ==
          "Game 12: verified, the record replays to the stored score\n"
          "  replayed score 187, stored score 187\n"
          "  practice game by guest, sackson rules\n"
          "  seed   ab\n"
          "  record pinfall/1 sackson ab s\n");
    const Json bad = Json::parse(
        R"({"type":"verified","game":12,"ok":false,"replayed_score":0,"stored_score":187,"failed_index":3,"error":"sum_mismatch"})");
    CHECK(render_verified(bad, nullptr) ==
          "Game 12: NOT verified\n"
          "  replayed score 0, stored score 187\n"
          "  the record fails at action 3 (sum_mismatch)\n");
}
