#include "server/app/boards/scoped_board.hpp"

#include <algorithm>

namespace pinfall::server {

BoardAnswer scoped_page(const DailyBoard& board, const std::vector<std::int64_t>& members,
                        const BoardQuery& q) {
    std::vector<RankedLine> lines;
    lines.reserve(members.size());
    for (const auto p : members) {
        if (auto l = board.find(p)) lines.push_back(std::move(*l));
    }
    std::sort(lines.begin(), lines.end(),
              [](const RankedLine& a, const RankedLine& b) { return a.position < b.position; });
    // Repeats of a player sit side by side now (same position).
    lines.erase(std::unique(lines.begin(), lines.end(),
                            [](const RankedLine& a, const RankedLine& b) {
                                return a.position == b.position;
                            }),
                lines.end());
    const auto ranks = shared_ranks(lines, [](const RankedLine& l) { return l.line.score; });
    for (std::size_t i = 0; i < lines.size(); ++i) {
        lines[i].rank = ranks[i];
        lines[i].position = i;
    }
    BoardAnswer a;
    a.total = lines.size();
    if (q.me) {
        const auto mine = std::find_if(lines.begin(), lines.end(),
                                       [&](const RankedLine& l) { return l.line.player == *q.me; });
        if (mine != lines.end()) a.me = *mine;
    }
    std::uint64_t offset = q.offset;
    if (q.around && a.me) {
        const std::uint64_t half = q.limit / 2;
        offset = a.me->position > half ? a.me->position - half : 0;
    }
    for (std::uint64_t i = offset; i < lines.size() && a.lines.size() < q.limit; ++i) {
        a.lines.push_back(lines[i]);
    }
    if (offset + a.lines.size() < a.total) a.next_offset = offset + a.lines.size();
    return a;
}

}  // namespace pinfall::server
