// A scoped page (scoped_board.hpp): on random boards and random member sets, equal to the
// global board's lines filtered to the members and ranked among themselves (ties share a
// rank, earlier finish first), with paging, "me" and "around" as on the global board.
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "server/app/boards/scoped_board.hpp"

using namespace pinfall::server;

namespace {

// The global board's full listing kept to `members`, ranked among themselves.
std::vector<RankedLine> expected(const DailyBoard& board, const std::set<std::int64_t>& members) {
    std::vector<RankedLine> out;
    for (const auto& l : board.page(0, board.size())) {
        if (members.count(l.line.player)) out.push_back(l);
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i].position = i;
        out[i].rank = (i > 0 && out[i].line.score == out[i - 1].line.score) ? out[i - 1].rank
                                                                           : static_cast<std::int64_t>(i) + 1;
    }
    return out;
}

void same(const RankedLine& a, const RankedLine& b) {
    CHECK(a.rank == b.rank);
    CHECK(a.position == b.position);
    CHECK(a.line.player == b.line.player);
    CHECK(a.line.score == b.line.score);
    CHECK(a.line.game == b.line.game);
}

}  // namespace

TEST_CASE("scoped page: the global board filtered and re-ranked, on random boards and sets") {
    std::mt19937 rng(29);
    for (int round = 0; round < 40; ++round) {
        DailyBoard board;
        const int players = 1 + static_cast<int>(rng() % 60);
        for (int p = 1; p <= players; ++p) {
            // Few distinct scores, so ties are common; finish times shuffled.
            board.add(BoardLine{1000 + p, p, "p" + std::to_string(p), 100 + static_cast<int>(rng() % 6) * 10,
                                0, 0, static_cast<std::int64_t>(rng() % 100000)});
        }
        std::vector<std::int64_t> members;
        std::set<std::int64_t> set;
        for (int i = 0; i < 1 + static_cast<int>(rng() % 30); ++i) {
            const std::int64_t p = 1 + static_cast<std::int64_t>(rng() % (players + 10));  // some not on it
            members.push_back(p);
            members.push_back(p);  // repeats count once
            set.insert(p);
        }
        const auto want = expected(board, set);
        const std::int64_t me = members.front();
        for (const std::size_t limit : {std::size_t{1}, std::size_t{3}, std::size_t{50}}) {
            std::vector<RankedLine> got;
            std::uint64_t offset = 0;
            for (;;) {
                BoardQuery q{"d", offset, limit, me, false, nullptr};
                const auto a = scoped_page(board, members, q);
                CHECK(a.total == want.size());
                got.insert(got.end(), a.lines.begin(), a.lines.end());
                if (!a.next_offset) break;
                offset = *a.next_offset;
            }
            REQUIRE(got.size() == want.size());
            for (std::size_t i = 0; i < got.size(); ++i) same(got[i], want[i]);
        }
        BoardQuery around{"d", 0, 4, me, true, nullptr};
        const auto a = scoped_page(board, members, around);
        const auto mine = std::find_if(want.begin(), want.end(), [&](const RankedLine& l) { return l.line.player == me; });
        if (mine == want.end()) {
            CHECK_FALSE(a.me);
            continue;
        }
        REQUIRE(a.me);
        same(*a.me, *mine);
        const std::size_t at = static_cast<std::size_t>(mine - want.begin());
        REQUIRE_FALSE(a.lines.empty());
        same(a.lines.front(), want[at > 2 ? at - 2 : 0]);
    }
}
