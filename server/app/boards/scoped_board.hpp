// A day's board seen through a scope (issue 29, docs/protocol.md "Scoped boards"): only the
// lines of a set of players (you and those you follow, a league's members), ranked among
// themselves. Computed from the in-memory board on each request: a line's global position
// orders the scope exactly as the global board does (score, then earlier finish), so no
// comparison is written twice; ranks are shared by equal scores within the scope.
//
// Cost: one DailyBoard::find per member (a hash lookup and a sum over at most 300 buckets),
// then a sort of the members found. Pure; thread-safety: the board's (its strand).
#pragma once

#include <cstdint>
#include <vector>

#include "server/app/boards/daily_board.hpp"
#include "server/app/boards/leaderboards.hpp"

namespace pinfall::server {

// The page q asks for (offset, limit, me, around as on the global board) of `board` restricted
// to `members` (any order; repeats count once). total: the members on the board.
BoardAnswer scoped_page(const DailyBoard& board, const std::vector<std::int64_t>& members,
                        const BoardQuery& q);

}  // namespace pinfall::server
