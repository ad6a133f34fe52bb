// Helpers of the integrity tests (integrity_test.cpp): a day whose deal the analysis flags
// when a clairvoyant plays it, playing a record
// through the protocol, the operator's moderator command, the day's board, and waiting for a
// case's status in the moderators' queue.
#pragma once

#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <array>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "bench/integrity_players.hpp"
#include "engine/integrity.hpp"
#include "engine/record.hpp"
#include "engine/seed.hpp"
#include "ws_client.hpp"

namespace pinfall::test {

struct ClairvoyantDay {
    std::string day;
    engine::Record line;  // the clairvoyant's game of the day's deal
    int score = 0;
};

// The first day from 2026-11-01 (under the test secret) whose deal, played by the stealthiest
// clairvoyant of the study (bench/integrity_players.hpp: among the true-deal best choices,
// the coach's favourite), the analysis flags on its own. Deterministic: both are pure.
inline ClairvoyantDay clairvoyant_day() {
    engine::IntegrityAnalyzer analyzer;
    bench::Players players;
    for (int d = 1; d <= 30; ++d) {
        const std::string day = "2026-11-" + std::string(d < 10 ? "0" : "") + std::to_string(d);
        const auto seed = engine::daily_seed("test-secret", day);
        const auto line = players.play(bench::Kind::kFull, engine::Ruleset::kSackson, seed, 1);
        const auto report = analyzer.analyze(line);
        if (report && report->flagged) return {day, line, report->score};
    }
    FAIL("no day of 2026-11 flags its clairvoyant");
    return {};
}

// Starts today's daily on c and plays `line` through it; returns the game's id.
inline long long play_line(WsClient& c, const engine::Record& line) {
    const Json start = c.request({{"type", "daily_start"}});
    REQUIRE(start["type"] == "game");
    const long long game = start["game"];
    for (const auto& a : line.actions) {
        Json msg = {{"game", game}};
        if (a.kind == engine::Action::Kind::kPlay) {
            msg["type"] = "play";
            msg["pile"] = a.pile + 1;
            msg["pins"] = std::vector<int>(a.pins.begin(), a.pins.begin() + a.pin_count);
        } else {
            msg["type"] = "stop";
        }
        const Json r = c.request(msg);
        INFO(r.dump());
        REQUIRE(r["type"] != "error");
    }
    return game;
}

struct CommandRun {
    int status = -1;
    std::string out;
};

// `pinfall-server moderator ARGS --db DB`, as the operator runs it.
inline CommandRun run_moderator_command(const std::string& args, const std::string& db) {
    const std::string cmd = std::string(PINFALL_SERVER_BIN) + " moderator " + args + " --db '" +
                            db + "' 2>&1";
    CommandRun r;
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p);
    std::array<char, 256> buf{};
    while (fgets(buf.data(), buf.size(), p)) r.out += buf.data();
    const int st = pclose(p);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return r;
}

// The players on the day's daily board, best first.
inline std::vector<long long> board_players(WsClient& c, const std::string& day) {
    const Json b = c.request({{"type", "leaderboard"}, {"date", day}});
    REQUIRE(b["type"] == "leaderboard");
    std::vector<long long> out;
    for (const auto& e : b["entries"]) out.push_back(e["player"]["id"]);
    return out;
}

// Polls the day's board until it lists `want` (the analysis's verdict reaches the boards just
// after its case is stored); returns what it lists last.
inline std::vector<long long> wait_for_board(WsClient& c, const std::string& day,
                                             const std::vector<long long>& want,
                                             std::chrono::seconds timeout = std::chrono::seconds(10)) {
    const auto until = std::chrono::steady_clock::now() + timeout;
    auto got = board_players(c, day);
    while (got != want && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        got = board_players(c, day);
    }
    return got;
}

// Polls the moderator's queue until the game's case has `status` (the analysis runs after the
// game, on its own thread); returns the case. Generous: a loaded test machine.
inline Json wait_for_status(WsClient& moderator, long long game, const std::string& status,
                            std::chrono::seconds timeout = std::chrono::seconds(60)) {
    const auto until = std::chrono::steady_clock::now() + timeout;
    Json last;
    while (std::chrono::steady_clock::now() < until) {
        last = moderator.request({{"type", "review_queue"}, {"limit", 50}});
        REQUIRE(last["type"] == "review_queue");
        for (const auto& c : last["cases"]) {
            if (c["game"] == game && c["status"] == status) return c;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    INFO(last.dump());
    FAIL("the case of game " << game << " never reached " << status);
    return {};
}

// Plays a CheckedGame started already to its end (the checks of each reply included).
template <class Game>
void play_out(Game& g) {
    while (!g.over()) {
        g.send_next();
        g.await();
    }
    g.finish();
}

}  // namespace pinfall::test
