// Leaderboards: daily_now pages by offset (with next_offset while lines remain), "around me"
// pages centred on the asking player, boards kept per day (load and add), and shared_ranks for
// the all-time boards.
#include "server/app/boards/leaderboards.hpp"

#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>

namespace {

using namespace pinfall;
using namespace pinfall::server;

// Players 1..n on day "2026-11-29" with scores 300 - p: player p is at position p - 1.
std::vector<storage::DailyResult> results(int n, const std::string& day = "2026-11-29") {
    std::vector<storage::DailyResult> out;
    for (int p = 1; p <= n; ++p) {
        out.push_back(storage::DailyResult{100 + p, p, "p" + std::to_string(p), day, 300 - p, 0, 0,
                                           1000 + p});
    }
    return out;
}

std::vector<std::int64_t> players(const BoardAnswer& a) {
    std::vector<std::int64_t> out;
    for (const auto& l : a.lines) out.push_back(l.line.player);
    return out;
}

TEST_CASE("daily_now pages by offset and gives next_offset while lines remain") {
    boost::asio::io_context io;
    Leaderboards boards(io.get_executor());
    boards.load(results(12));
    struct Case {
        std::uint64_t offset;
        std::size_t limit;
        std::vector<std::int64_t> players;
        std::optional<std::uint64_t> next;
    };
    const std::vector<Case> cases = {
        {0, 5, {1, 2, 3, 4, 5}, 5},
        {5, 5, {6, 7, 8, 9, 10}, 10},
        {10, 5, {11, 12}, std::nullopt},
        {7, 5, {8, 9, 10, 11, 12}, std::nullopt},  // ends exactly at the last line
        {12, 5, {}, std::nullopt},
        {40, 5, {}, std::nullopt},
        {0, 50, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, std::nullopt},
    };
    for (const auto& c : cases) {
        INFO("offset " << c.offset << ", limit " << c.limit);
        BoardQuery q;
        q.day = "2026-11-29";
        q.offset = c.offset;
        q.limit = c.limit;
        const BoardAnswer a = boards.daily_now(q);
        CHECK(a.total == 12);
        CHECK(players(a) == c.players);
        CHECK(a.next_offset == c.next);
        CHECK_FALSE(a.me);
    }
}

TEST_CASE("an around-me page is centred on the asking player") {
    boost::asio::io_context io;
    Leaderboards boards(io.get_executor());
    boards.load(results(20));
    struct Case {
        std::int64_t me;
        std::size_t limit;
        std::vector<std::int64_t> players;
        std::optional<std::uint64_t> next;
    };
    const std::vector<Case> cases = {
        {11, 5, {9, 10, 11, 12, 13}, 13},  // position 10: page from 8
        {11, 4, {9, 10, 11, 12}, 12},      // even limit: two above, one below
        {1, 5, {1, 2, 3, 4, 5}, 5},        // at the top: no room above
        {2, 5, {1, 2, 3, 4, 5}, 5},
        {20, 5, {18, 19, 20}, std::nullopt},  // at the bottom: the page ends with the board
        {20, 1, {20}, std::nullopt},
    };
    for (const auto& c : cases) {
        INFO("me " << c.me << ", limit " << c.limit);
        BoardQuery q;
        q.day = "2026-11-29";
        q.offset = 999;  // ignored when the player is on the board
        q.limit = c.limit;
        q.me = c.me;
        q.around = true;
        const BoardAnswer a = boards.daily_now(q);
        CHECK(players(a) == c.players);
        CHECK(a.next_offset == c.next);
        REQUIRE(a.me);
        CHECK(a.me->line.player == c.me);
        CHECK(a.me->position == static_cast<std::uint64_t>(c.me - 1));
        CHECK(a.me->rank == c.me);
    }
}

TEST_CASE("around for a player not on the board falls back to the offset") {
    boost::asio::io_context io;
    Leaderboards boards(io.get_executor());
    boards.load(results(10));
    BoardQuery q;
    q.day = "2026-11-29";
    q.offset = 3;
    q.limit = 2;
    q.me = 77;
    q.around = true;
    const BoardAnswer a = boards.daily_now(q);
    CHECK_FALSE(a.me);
    CHECK(players(a) == std::vector<std::int64_t>{4, 5});
    CHECK(a.next_offset == 5u);
}

TEST_CASE("boards are kept per day, add() posts to the strand") {
    boost::asio::io_context io;
    Leaderboards boards(io.get_executor());
    auto rows = results(3, "2026-11-28");
    const auto more = results(2, "2026-11-29");
    rows.insert(rows.end(), more.begin(), more.end());
    boards.load(rows);

    BoardQuery q;
    q.day = "2026-11-29";
    CHECK(boards.daily_now(q).total == 2);
    q.day = "2026-11-30";
    const BoardAnswer none = boards.daily_now(q);
    CHECK(none.total == 0);
    CHECK(none.lines.empty());
    CHECK_FALSE(none.next_offset);

    boards.add(BoardLine{500, 50, "late", 299, 0, 0, 9000}, "2026-11-30");
    CHECK(boards.daily_now(q).total == 0);  // not before the strand ran it
    std::optional<BoardAnswer> answered;
    q.me = 50;
    boards.daily(q, [&](BoardAnswer a) { answered = std::move(a); });
    io.run();
    REQUIRE(answered);
    CHECK(answered->total == 1);
    REQUIRE(answered->me);
    CHECK(answered->me->rank == 1);
}

TEST_CASE("shared_ranks: equal keys share a rank, the next rank skips") {
    struct Case {
        std::vector<int> keys;
        std::vector<std::int64_t> ranks;
    };
    const std::vector<Case> cases = {
        {{}, {}},
        {{250}, {1}},
        {{300, 250, 250, 200}, {1, 2, 2, 4}},
        {{180, 180, 180}, {1, 1, 1}},
        {{200, 190, 190, 190, 150, 150, 100}, {1, 2, 2, 2, 5, 5, 7}},
    };
    for (const auto& c : cases) {
        CHECK(shared_ranks(c.keys, [](int k) { return k; }) == c.ranks);
    }
}

}  // namespace

TEST_CASE("replace_player: a held result leaves every day's board, ranks close up, clear brings it back") {
    boost::asio::io_context io;
    Leaderboards boards(io.get_executor());
    auto all = results(4);
    const auto other_day = results(2, "2026-11-30");
    all.insert(all.end(), other_day.begin(), other_day.end());
    boards.load(all);
    BoardQuery q{"2026-11-29", 0, 50, 3, false, nullptr};
    // Player 2 held on both days: player 3 moves up to rank 2.
    boards.replace_player(2, {}, false);
    io.run();
    io.restart();
    BoardAnswer a = boards.daily_now(q);
    CHECK(players(a) == std::vector<std::int64_t>{1, 3, 4});
    REQUIRE(a.me);
    CHECK(a.me->rank == 2);
    CHECK(a.total == 3);
    CHECK(players(boards.daily_now({"2026-11-30", 0, 50, std::nullopt, false, nullptr})) ==
          std::vector<std::int64_t>{1});
    // Cleared on 2026-11-29 only (storage's rows): back in its place, finish time kept.
    boards.replace_player(2, {all[1]}, false);
    io.run();
    io.restart();
    a = boards.daily_now(q);
    CHECK(players(a) == std::vector<std::int64_t>{1, 2, 3, 4});
    CHECK(a.lines[1].line.finished_at == 1002);
    CHECK(players(boards.daily_now({"2026-11-30", 0, 50, std::nullopt, false, nullptr})) ==
          std::vector<std::int64_t>{1});
}

TEST_CASE("replace_player banned: lines go, and a result added later for the player is left off") {
    boost::asio::io_context io;
    Leaderboards boards(io.get_executor());
    boards.load(results(3));
    boards.replace_player(3, {}, true);
    boards.add(BoardLine{900, 3, "p3", 290, 0, 0, 5000}, "2026-12-01");  // a game in play
    boards.add(BoardLine{901, 4, "p4", 250, 0, 0, 5001}, "2026-12-01");
    io.run();
    io.restart();
    CHECK(players(boards.daily_now({"2026-11-29", 0, 50, std::nullopt, false, nullptr})) ==
          std::vector<std::int64_t>{1, 2});
    CHECK(players(boards.daily_now({"2026-12-01", 0, 50, std::nullopt, false, nullptr})) ==
          std::vector<std::int64_t>{4});
    // Unbanned: storage's rows come back, and later results are added again.
    boards.replace_player(3, {results(3)[2]}, false);
    boards.add(BoardLine{902, 3, "p3", 260, 0, 0, 5002}, "2026-12-02");
    io.run();
    CHECK(players(boards.daily_now({"2026-11-29", 0, 50, std::nullopt, false, nullptr})) ==
          std::vector<std::int64_t>{1, 2, 3});
    CHECK(players(boards.daily_now({"2026-12-02", 0, 50, std::nullopt, false, nullptr})) ==
          std::vector<std::int64_t>{3});
}
