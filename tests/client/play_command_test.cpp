// `pinfall play` driven through a pipe against the real server: the moves of the example game
// of docs/protocol.md, a refused play, picking by number, resign with confirmation, quit and
// resume, a whole game to the end, and a connection the server drops while the player thinks.
#include <algorithm>
#include <catch2/catch.hpp>
#include <regex>

#include "engine/game.hpp"
#include "engine/view.hpp"
#include "run_pinfall.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

const std::vector<std::string> kClock = {"--clock-start", "2026-11-29T12:00:00Z"};

long long game_id(const std::string& out) {
    std::smatch m;
    REQUIRE(std::regex_search(out, m, std::regex(R"(Game (\d+) \(practice)")));
    return std::stoll(m[1]);
}

}  // namespace

TEST_CASE("play: the example game of docs/protocol.md, typed at the prompt") {
    ServerProcess server(kClock);
    TempHome home;
    const std::string script =
        "1 1\n"  // pile 1 (5S) on pin 1 (6S): refused
        "1\n"    // legal play 1: pile 1 takes 1 3 6
        "s\n"
        "1 2 4 5\n"
        "s\n"
        "1:2,5\n"
        "r\n"
        "n\n"  // not resigned
        "r\n"
        "y\n";
    const RunResult r = run_pinfall(
        {"--server", server_url(server.port()), "play", "--seed", kZero}, script, home.path());
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    // The opening table.
    CHECK(has(r.out, " 7 [8H ]   8 [10S]   9 [AH ]  10 [5H ]\n"));
    CHECK(has(r.out, "Piles   1: 5S  +4 down   2: 6H  +2 down   3: 3H  +1 down\n"));
    CHECK(has(r.out, "   1) 1: 1 3 6      2) 1: 3 4 5      3) 2: 1          4) 2: 1 3\n"));
    // The refusal in words, the plays and the end.
    CHECK(has(r.out,
              "Not accepted: The ball card must match the pin, or the last digit of the "
              "pins' sum. (sum_mismatch)"));
    CHECK(has(r.out, "Pile 1 (5S) knocks down 1 3 6; 7H turned up."));
    CHECK(has(r.out, "Frame 1, ball 2: 3 pins, you stopped."));
    CHECK(has(r.out, "Not resigned."));
    CHECK(has(r.out, "Game over: score 8 (resigned)."));
    CHECK(has(r.out, "|  1  |  2  |  3  |"));
    CHECK(has(r.out, "| 3 3 | 2   |"));
    CHECK(has(r.out, "Final score: 8 (resigned: frames not bowled score 0)\n"));
    CHECK(has(r.out, "Share: Pinfall 2026-11-29 sackson: 33 2 (resigned) = 8\n"));
    CHECK(has(r.out, "Record: pinfall/1 sackson " + kZero + " 1:1,3,6 s 1:2,4,5 s 1:2,5 r\n"));
    CHECK(
        has(r.out, "   1  4H 2S 3S 9H AH 5H 10S 2H 7S 6H | 3H 8H 6S 9S 10H / 7H 8S 4S / 5S AS\n"));
}

TEST_CASE("play: q leaves the game open and --resume continues it as the same guest") {
    ServerProcess server(kClock);
    TempHome home;
    const std::string url = server_url(server.port());
    const RunResult first = run_pinfall(
        {"--server", url, "play", "--seed", kZero, "--ruleset", "strict"}, "1\nq\n", home.path());
    INFO(first.out << first.err);
    REQUIRE(first.status == 0);
    const long long id = game_id(first.out);
    CHECK(has(first.out, "Game " + std::to_string(id) + " (practice, strict)"));
    CHECK(has(first.out, "stays open: `pinfall play --resume " + std::to_string(id) + "`"));

    const RunResult second = run_pinfall({"--server", url, "play", "--resume", std::to_string(id)},
                                         "s\nr\ny\n", home.path());
    INFO(second.out << second.err);
    CHECK(second.status == 0);
    // Under strict rules play 1 is pile 2 (6H) on pin 1 (6S).
    CHECK(has(second.out, "frame 1, ball 1, 1 pin down this ball"));
    CHECK(has(second.out, "Record: pinfall/1 strict " + kZero + " 2:1 s r\n"));

    // Another guest (another config directory) may not touch it.
    TempHome stranger;
    const RunResult third =
        run_pinfall({"--server", url, "play", "--resume", std::to_string(id)}, "", stranger.path());
    CHECK(third.status == 1);
    CHECK(has(third.err, "belongs to another player (not_your_game)"));
}

TEST_CASE("play: a whole game to the end, picking the first legal play every time") {
    // What the engine says that policy scores on the all-zero seed.
    engine::Game expected(engine::Ruleset::kSackson, engine::Seed{});
    while (!expected.over()) {
        const auto p = engine::list_plays(expected.legal()).front();
        std::vector<int> pins;
        for (int pin = 1; pin <= 10; ++pin) {
            if (p.pins & engine::pin_bit(pin)) pins.push_back(pin);
        }
        REQUIRE_FALSE(expected.apply(engine::Action::play(p.pile, pins)).has_value());
    }
    ServerProcess server(kClock);
    TempHome home;
    std::string script;
    for (int i = 0; i < 400; ++i) script += "1\n";
    const RunResult r = run_pinfall(
        {"--server", server_url(server.port()), "play", "--seed", kZero}, script, home.path());
    INFO(r.out.substr(r.out.size() > 3000 ? r.out.size() - 3000 : 0) << r.err);
    CHECK(r.status == 0);
    const std::string score = std::to_string(expected.score());
    CHECK(has(r.out, "Final score: " + score + " ("));
    std::smatch m;
    REQUIRE(std::regex_search(r.out, m,
                              std::regex(R"(Share: Pinfall 2026-11-29 sackson: (.*) = (\d+)\n)")));
    CHECK(m[2] == score);
    CHECK_FALSE(has(m[1], "resigned"));
    CHECK(has(r.out, "Par:    208 (the best score with every card known)"));  // docs/rules.md

    // The finished practice game is public: anyone can verify it.
    TempHome other;
    const RunResult v = run_pinfall(
        {"--server", server_url(server.port()), "verify", std::to_string(game_id(r.out))}, "",
        other.path());
    INFO(v.out << v.err);
    CHECK(v.status == 0);
    CHECK(has(v.out, "verified, the record replays to the stored score"));
    CHECK(has(v.out, "replayed score " + score + ", stored score " + score + "\n"));
    CHECK(has(v.out, "  seed   " + kZero + "\n"));
}

TEST_CASE("play: a connection dropped while the player thinks is reopened") {
    ServerProcess server({"--idle-timeout-ms", "600"});
    TempHome home;
    const RunResult r = run_pinfall_fed(
        "printf '1\\n'; sleep 2; printf 's\\nr\\ny\\n'",
        {"--server", server_url(server.port()), "play", "--seed", kZero}, home.path());
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(has(r.out, "Connection lost"));
    CHECK(has(r.out, "Record: pinfall/1 sackson " + kZero + " 1:1,3,6 s r\n"));
}

TEST_CASE("play: end of input leaves the game open, bad options exit 2") {
    ServerProcess server(kClock);
    TempHome home;
    const std::string url = server_url(server.port());
    const RunResult r = run_pinfall({"--server", url, "play"}, "", home.path());
    CHECK(r.status == 0);
    CHECK(has(r.out, "stays open"));
    for (const auto& args :
         std::vector<std::vector<std::string>>{{"play", "--seed", "abc"},
                                               {"play", "--ruleset", "loose"},
                                               {"play", "--daily", "--seed", kZero},
                                               {"play", "--daily", "--ruleset", "strict"},
                                               {"play", "--resume", "x"},
                                               {"play", "extra"}}) {
        std::vector<std::string> full = {"--server", url};
        full.insert(full.end(), args.begin(), args.end());
        const RunResult bad = run_pinfall(full, "", home.path());
        INFO(bad.err);
        CHECK(bad.status == 2);
    }
}

TEST_CASE("play: a message the rate limit dropped is sent again") {
    ServerProcess server({"--msg-rate", "4", "--msg-window-ms", "1000"});
    TempHome home;
    const RunResult r =
        run_pinfall({"--server", server_url(server.port()), "play", "--seed", kZero},
                    "1\n1\n1\n1\nr\ny\n", home.path());
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(has(r.out, "(the server asks to slow down; sending again in a second)"));
    CHECK_FALSE(has(r.out, "Not accepted"));
    std::smatch m;
    REQUIRE(std::regex_search(r.out, m, std::regex(R"(Record: pinfall/1 sackson 0{64} (.*)\n)")));
    // Four plays and the resignation, none lost.
    CHECK(std::count(m[1].first, m[1].second, ':') == 4);
    CHECK(std::string(m[1]).back() == 'r');
}
