// Profile statistics: the truncated average (docs/rules.md, "Averages and handicap"), high game,
// the score histogram's bins (0-29, 30-59, ..., 270-300, as profile_stats.hpp states), recent games
// newest first, and daily streaks, current and longest, including a today not yet finished.
#include "server/app/players/profile_stats.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

namespace {

using namespace pinfall;
using namespace pinfall::server;
using storage::GameMode;

const protocol::PlayerRef kAnn{7, "Ann"};

std::vector<storage::PlayedGame> practice(const std::vector<int>& scores) {
    std::vector<storage::PlayedGame> out;
    for (std::size_t i = 0; i < scores.size(); ++i) {
        out.push_back(storage::PlayedGame{static_cast<std::int64_t>(i + 1), GameMode::kPractice, "",
                                          scores[i], 0, 0,
                                          1'780'000'000'000 + static_cast<std::int64_t>(i),
                                          std::nullopt});
    }
    return out;
}

TEST_CASE("the average truncates") {
    struct Case {
        std::vector<int> scores;
        int average;
        int high;
    };
    const std::vector<Case> cases = {
        {{}, 0, 0},
        {{100, 101}, 100, 101},       // 100.5
        {{150, 151, 151}, 150, 151},  // 150.67
        {{299, 300}, 299, 300},       // 299.5
        {{0}, 0, 0},
        {{1, 0, 0}, 0, 1},
        {{300, 300, 300}, 300, 300},
    };
    for (const auto& c : cases) {
        const auto p = compute_profile(kAnn, practice(c.scores), "2026-11-29");
        CHECK(p.player.id == 7);
        CHECK(p.games == static_cast<int>(c.scores.size()));
        CHECK(p.average == c.average);
        CHECK(p.high_game == c.high);
    }
}

TEST_CASE("the histogram has bins 0-29 ... 270-300 and counts every game once") {
    const auto p =
        compute_profile(kAnn, practice({0, 29, 30, 59, 150, 269, 270, 299, 300}), "2026-11-29");
    REQUIRE(p.histogram.size() == 10);
    for (std::size_t i = 0; i < p.histogram.size(); ++i) {
        INFO("bin " << i);
        CHECK(p.histogram[i].from == static_cast<int>(i) * 30);
        CHECK(p.histogram[i].to == (i == 9 ? 300 : static_cast<int>(i) * 30 + 29));
    }
    const int counts[] = {2, 2, 0, 0, 0, 1, 0, 0, 1, 3};
    for (std::size_t i = 0; i < 10; ++i) {
        INFO("bin " << i);
        CHECK(p.histogram[i].count == counts[i]);
    }
    const auto empty = compute_profile(kAnn, {}, "2026-11-29");
    REQUIRE(empty.histogram.size() == 10);
    for (const auto& b : empty.histogram) CHECK(b.count == 0);
}

TEST_CASE("recent games are the last ten, newest first") {
    std::vector<int> scores;
    for (int i = 0; i < 12; ++i) scores.push_back(100 + i);
    const auto p = compute_profile(kAnn, practice(scores), "2026-11-29");
    REQUIRE(p.recent.size() == 10);
    CHECK(p.recent.front().game == 12);
    CHECK(p.recent.front().score == 111);
    CHECK(p.recent.back().game == 3);
    CHECK(p.recent.front().mode == "practice");
    CHECK_FALSE(p.recent.front().day);
}

TEST_CASE("scores by kind count every game, and the trend is the last 100, oldest first") {
    auto games = practice(std::vector<int>(120, 0));
    for (std::size_t i = 0; i < games.size(); ++i) {
        games[i].score = static_cast<int>(i % 3) * 100;  // 0, 100, 200, 0, ...
        if (i % 4 == 1) games[i].mode = GameMode::kDaily;
        if (i % 4 == 2) games[i].mode = GameMode::kLeague;
    }
    // Two games that finished in the same millisecond: ordered by id.
    games[118].finished_at = games[119].finished_at;
    std::swap(games[118], games[119]);
    const auto p = compute_profile(kAnn, games, "2026-06-01");
    int counted = 0;
    REQUIRE(p.scores.size() == 3);
    CHECK(p.scores[0].first == "practice");
    CHECK(p.scores[1].first == "daily");
    CHECK(p.scores[2].first == "league");
    for (const auto& [mode, counts] : p.scores) {
        int previous = -1;
        for (const auto& [score, n] : counts) {
            CHECK(score > previous);  // ascending, one entry a score
            previous = score;
            int expected = 0;
            for (const auto& g : games) expected += storage::mode_name(g.mode) == mode && g.score == score;
            CHECK(n == expected);
            counted += n;
        }
    }
    CHECK(counted == 120);
    REQUIRE(p.trend.size() == kTrendGames);
    CHECK(p.trend.front().game == 21);
    CHECK(p.trend[97].game == 118);
    CHECK(p.trend[98].game == 119);
    CHECK(p.trend[99].game == 120);
    CHECK(p.trend[98].mode == "league");  // game 119 is index 118: 118 % 4 == 2
    CHECK(p.trend[98].score == 100);      // 118 % 3 == 1
}

TEST_CASE("daily streaks: current (ending today or yesterday) and longest") {
    struct Case {
        const char* what;
        const char* today;
        std::vector<std::string> days;
        int current;
        int longest;
    };
    const char* kToday = "2026-11-29";
    const std::vector<Case> cases = {
        {"none", kToday, {}, 0, 0},
        {"today only", kToday, {"2026-11-29"}, 1, 1},
        {"three days to today", kToday, {"2026-11-27", "2026-11-28", "2026-11-29"}, 3, 3},
        {"today not yet finished: the run to yesterday counts", kToday,
         {"2026-11-26", "2026-11-27", "2026-11-28"}, 3, 3},
        {"broken two days ago", kToday, {"2026-11-25", "2026-11-26", "2026-11-27"}, 0, 3},
        {"a gap, then a shorter current run", kToday,
         {"2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-28", "2026-11-29"}, 2,
         4},
        {"unsorted with repeats", kToday, {"2026-11-29", "2026-11-28", "2026-11-29", "2026-11-28"},
         2, 2},
        {"across a month", kToday, {"2026-10-30", "2026-10-31", "2026-11-01"}, 0, 3},
        {"across a year to today", "2027-01-01", {"2026-12-31", "2027-01-01"}, 2, 2},
        {"across a year, today not yet finished", "2027-01-01", {"2026-12-30", "2026-12-31"}, 2,
         2},
    };
    for (const auto& c : cases) {
        INFO(c.what);
        int current = -1, longest = -1;
        daily_streaks(c.days, c.today, &current, &longest);
        CHECK(current == c.current);
        CHECK(longest == c.longest);
    }
}

TEST_CASE("streaks in a profile count daily attempts only") {
    std::vector<storage::PlayedGame> games;
    games.push_back({1, GameMode::kDaily, "2026-11-27", 120, 2, 3, 1'000, std::nullopt});
    games.push_back({2, GameMode::kPractice, "", 200, 5, 2, 2'000, std::nullopt});
    games.push_back({3, GameMode::kDaily, "2026-11-28", 130, 1, 1, 3'000, std::nullopt});
    games.push_back({4, GameMode::kPractice, "2026-11-26", 90, 0, 0, 4'000, std::nullopt});  // a replayed day
    const auto p = compute_profile(kAnn, games, "2026-11-29");
    CHECK(p.current_streak == 2);
    CHECK(p.longest_streak == 2);
    CHECK(p.games == 4);
    CHECK(p.average == 135);
    CHECK(p.strike_pct == Approx(100.0 * 8 / 40));
    REQUIRE(p.recent.size() == 4);
    CHECK(p.recent[1].day == "2026-11-28");
    CHECK(p.recent[1].mode == "daily");
    CHECK(p.recent[3].finished_at == "1970-01-01T00:00:01.000Z");
}

}  // namespace

TEST_CASE("a held result counts in no figure and is listed, marked") {
    auto games = practice({200, 150});
    storage::PlayedGame held{3, GameMode::kDaily, "2026-12-01", 280, 9, 1, 1'780'000'000'100, 280,
                             storage::ReviewState::kReview};
    storage::PlayedGame gone{4, GameMode::kDaily, "2026-12-02", 290, 10, 0, 1'780'000'000'200,
                             std::nullopt, storage::ReviewState::kDisqualified};
    storage::PlayedGame cleared{5, GameMode::kDaily, "2026-12-03", 100, 0, 0, 1'780'000'000'300,
                                std::nullopt, storage::ReviewState::kCleared};
    games.insert(games.end(), {held, gone, cleared});
    const auto p = compute_profile(kAnn, games, "2026-12-03");
    CHECK(p.games == 3);
    CHECK(p.average == 150);  // (200 + 150 + 100) / 3
    CHECK(p.high_game == 200);
    CHECK(p.current_streak == 1);  // 2026-12-03 only: the held days do not count
    REQUIRE(p.recent.size() == 5);
    CHECK_FALSE(p.recent[0].review);  // cleared
    CHECK(p.recent[1].review == "disqualified");
    CHECK(p.recent[2].review == "review");
    CHECK_FALSE(p.recent[3].review);
}
