// DailyBoard: ranks shared by equal scores (1, 2, 2, 4) with ties listed by earlier finish,
// pages from any offset across score buckets, find() agreeing with the listing, one line per
// player, and the extreme scores 0 and 300. Pages and positions are compared with a reference
// listing made by sorting.
#include "server/app/boards/daily_board.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <vector>

namespace {

using namespace pinfall::server;

BoardLine line(std::int64_t player, int score, std::int64_t finished_at) {
    return BoardLine{1000 + player, player, "p" + std::to_string(player), score, 0, 0, finished_at};
}

// The listing as the contract states it: score descending, then earlier finish, then game id.
std::vector<BoardLine> reference(std::vector<BoardLine> lines) {
    std::sort(lines.begin(), lines.end(), [](const BoardLine& a, const BoardLine& b) {
        if (a.score != b.score) return a.score > b.score;
        if (a.finished_at != b.finished_at) return a.finished_at < b.finished_at;
        return a.game < b.game;
    });
    return lines;
}

std::int64_t reference_rank(const std::vector<BoardLine>& sorted, std::size_t i) {
    std::size_t first = i;
    while (first > 0 && sorted[first - 1].score == sorted[i].score) --first;
    return static_cast<std::int64_t>(first) + 1;
}

TEST_CASE("equal scores share a rank and are listed by earlier finish") {
    DailyBoard board;
    // Added out of finish order, so the bucket insert (not only append) is exercised.
    REQUIRE(board.add(line(1, 150, 500)));
    REQUIRE(board.add(line(2, 200, 900)));
    REQUIRE(board.add(line(3, 100, 100)));
    REQUIRE(board.add(line(4, 150, 300)));
    REQUIRE(board.size() == 4);

    const auto page = board.page(0, 10);
    REQUIRE(page.size() == 4);
    const std::int64_t players[] = {2, 4, 1, 3};
    const std::int64_t ranks[] = {1, 2, 2, 4};
    for (std::size_t i = 0; i < 4; ++i) {
        INFO("line " << i);
        CHECK(page[i].line.player == players[i]);
        CHECK(page[i].rank == ranks[i]);
        CHECK(page[i].position == i);
    }
    CHECK(board.rank_of_score(300) == 1);
    CHECK(board.rank_of_score(200) == 1);
    CHECK(board.rank_of_score(199) == 2);
    CHECK(board.rank_of_score(150) == 2);
    CHECK(board.rank_of_score(100) == 4);
    CHECK(board.rank_of_score(0) == 5);
}

TEST_CASE("same score and same finish: the lower game id comes first") {
    DailyBoard board;
    REQUIRE(board.add(BoardLine{9, 1, "a", 120, 0, 0, 700}));
    REQUIRE(board.add(BoardLine{5, 2, "b", 120, 0, 0, 700}));
    const auto page = board.page(0, 2);
    REQUIRE(page.size() == 2);
    CHECK(page[0].line.game == 5);
    CHECK(page[1].line.game == 9);
    CHECK(page[0].rank == 1);
    CHECK(page[1].rank == 1);
}

TEST_CASE("pages from every offset, across bucket boundaries, match the reference listing") {
    // Buckets of sizes 3 (250), 2 (200), 4 (150), 1 (0) and 1 (300).
    std::vector<BoardLine> lines;
    const int scores[] = {250, 150, 200, 250, 0, 150, 300, 150, 250, 200, 150};
    for (std::size_t i = 0; i < std::size(scores); ++i) {
        lines.push_back(
            line(static_cast<std::int64_t>(i), scores[i], static_cast<std::int64_t>((i * 7) % 11)));
    }
    DailyBoard board;
    for (const auto& l : lines) REQUIRE(board.add(l));
    const auto sorted = reference(lines);

    for (std::uint64_t offset = 0; offset <= sorted.size() + 1; ++offset) {
        for (std::size_t limit = 0; limit <= 5; ++limit) {
            INFO("offset " << offset << ", limit " << limit);
            const auto page = board.page(offset, limit);
            const std::size_t want =
                offset >= sorted.size() ? 0 : std::min<std::size_t>(limit, sorted.size() - offset);
            REQUIRE(page.size() == want);
            for (std::size_t k = 0; k < page.size(); ++k) {
                const std::size_t at = offset + k;
                CHECK(page[k].position == at);
                CHECK(page[k].line.player == sorted[at].player);
                CHECK(page[k].rank == reference_rank(sorted, at));
            }
        }
    }
}

TEST_CASE("find() gives every player's rank and position in the listing") {
    std::vector<BoardLine> lines;
    std::uint32_t x = 12345;
    for (std::int64_t p = 0; p < 500; ++p) {
        x = x * 1103515245u + 12345u;  // a fixed LCG: the same board on every run
        lines.push_back(line(p, 60 + static_cast<int>((x >> 16) % 50), (x >> 8) % 97));
    }
    DailyBoard board;
    for (const auto& l : lines) REQUIRE(board.add(l));
    const auto sorted = reference(lines);
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        const auto found = board.find(sorted[i].player);
        REQUIRE(found);
        CHECK(found->position == i);
        CHECK(found->rank == reference_rank(sorted, i));
        CHECK(found->line.game == sorted[i].game);
    }
    CHECK_FALSE(board.find(100000));
}

TEST_CASE("a player is on the board once: a second add is ignored") {
    DailyBoard board;
    REQUIRE(board.add(line(7, 120, 100)));
    CHECK_FALSE(board.add(line(7, 250, 50)));
    CHECK(board.size() == 1);
    const auto found = board.find(7);
    REQUIRE(found);
    CHECK(found->line.score == 120);
    CHECK(board.page(0, 10).size() == 1);
}

TEST_CASE("scores 0 and 300 are on the board, scores outside 0-300 are refused") {
    DailyBoard board;
    REQUIRE(board.add(line(1, 0, 1)));
    REQUIRE(board.add(line(2, 300, 2)));
    REQUIRE(board.add(line(3, 150, 3)));
    CHECK_FALSE(board.add(line(4, -1, 4)));
    CHECK_FALSE(board.add(line(5, 301, 5)));
    CHECK(board.size() == 3);
    CHECK_FALSE(board.find(4));
    CHECK(board.find(2)->rank == 1);
    CHECK(board.find(2)->position == 0);
    CHECK(board.find(1)->rank == 3);
    CHECK(board.find(1)->position == 2);
    const auto page = board.page(0, 3);
    REQUIRE(page.size() == 3);
    CHECK(page.back().line.score == 0);
}

TEST_CASE("an empty board has no lines and ranks every score first") {
    DailyBoard board;
    CHECK(board.size() == 0);
    CHECK(board.page(0, 50).empty());
    CHECK_FALSE(board.find(1));
    CHECK(board.rank_of_score(0) == 1);
}

}  // namespace

TEST_CASE("DailyBoard::remove: the line goes, ranks below close up, the player may come back") {
    DailyBoard b;
    for (const auto& l : {line(1, 250, 10), line(2, 240, 11), line(3, 240, 12), line(4, 200, 13)}) {
        REQUIRE(b.add(l));
    }
    CHECK(b.remove(2));
    CHECK_FALSE(b.remove(2));
    CHECK_FALSE(b.remove(99));
    CHECK(b.size() == 3);
    CHECK_FALSE(b.find(2));
    REQUIRE(b.find(3));
    CHECK(b.find(3)->rank == 2);
    CHECK(b.find(4)->rank == 3);
    CHECK(b.find(4)->position == 2);
    CHECK(b.page(0, 10).size() == 3);
    CHECK(b.add(line(2, 240, 11)));  // cleared: back before player 3 (earlier finish)
    CHECK(b.find(2)->position == 1);
    CHECK(b.find(3)->position == 2);
}
