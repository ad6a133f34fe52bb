#include "server/app/boards/leaderboards.hpp"

#include <boost/asio/post.hpp>

#include <algorithm>

#include "server/app/boards/scoped_board.hpp"

namespace pinfall::server {

void Leaderboards::load(const std::vector<storage::DailyResult>& results) {
    for (const auto& r : results) {
        boards_[r.day].add(BoardLine{r.game, r.player, r.name, r.score, r.strikes, r.spares,
                                     r.finished_at});
    }
}

void Leaderboards::add(BoardLine line, std::string day) {
    boost::asio::post(strand_, [this, line = std::move(line), day = std::move(day)]() mutable {
        if (banned_.count(line.player)) return;
        if (const auto it = renamed_.find(line.player); it != renamed_.end()) {
            line.name = it->second;
        }
        boards_[day].add(std::move(line));
    });
}

void Leaderboards::daily(BoardQuery q, std::function<void(BoardAnswer)> done) {
    boost::asio::post(strand_, [this, q = std::move(q), done = std::move(done)] {
        done(daily_now(q));
    });
}

BoardAnswer Leaderboards::daily_now(const BoardQuery& q) const {
    BoardAnswer a;
    const auto it = boards_.find(q.day);
    if (it == boards_.end()) return a;
    const DailyBoard& board = it->second;
    if (q.members) return scoped_page(board, *q.members, q);
    a.total = board.size();
    if (q.me) a.me = board.find(*q.me);
    std::uint64_t offset = q.offset;
    if (q.around && a.me) {
        const std::uint64_t half = q.limit / 2;
        offset = a.me->position > half ? a.me->position - half : 0;
    }
    a.lines = board.page(offset, q.limit);
    if (offset + a.lines.size() < a.total) a.next_offset = offset + a.lines.size();
    return a;
}

void Leaderboards::summary(std::string day, std::optional<std::int64_t> me,
                           std::function<void(DaySummary)> done) {
    boost::asio::post(strand_, [this, day = std::move(day), me, done = std::move(done)] {
        DaySummary sum;
        sum.bins.assign(kSummaryBins, 0);
        const auto it = boards_.find(day);
        if (it == boards_.end()) return done(std::move(sum));
        const DailyBoard& board = it->second;
        sum.total = board.size();
        for (int score = 0; score <= DailyBoard::kMaxScore; ++score) {
            const int bin = std::min(score / kSummaryBinWidth, kSummaryBins - 1);
            sum.bins[bin] += board.count_of_score(score);
        }
        if (me) sum.me = board.find(*me);
        if (sum.me) {
            // rank - 1 attempts scored more; everyone else scored no more.
            sum.at_or_below = sum.total - static_cast<std::uint64_t>(sum.me->rank - 1);
        }
        done(std::move(sum));
    });
}

void Leaderboards::rename(std::int64_t player, std::string name) {
    boost::asio::post(strand_, [this, player, name = std::move(name)] {
        for (auto& [day, board] : boards_) board.rename(player, name);
        renamed_[player] = name;
    });
}

void Leaderboards::replace_player(std::int64_t player, std::vector<storage::DailyResult> results,
                                  bool banned) {
    boost::asio::post(strand_, [this, player, results = std::move(results), banned] {
        for (auto& [day, board] : boards_) board.remove(player);
        if (banned) {
            banned_.insert(player);
            return;
        }
        banned_.erase(player);
        for (const auto& r : results) {
            boards_[r.day].add(BoardLine{r.game, r.player, r.name, r.score, r.strikes, r.spares,
                                         r.finished_at});
        }
    });
}

}  // namespace pinfall::server
