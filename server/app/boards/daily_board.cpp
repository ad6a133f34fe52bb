#include "server/app/boards/daily_board.hpp"

#include <algorithm>

namespace pinfall::server {

bool DailyBoard::before(const BoardLine& a, const BoardLine& b) {
    return a.finished_at != b.finished_at ? a.finished_at < b.finished_at : a.game < b.game;
}

bool DailyBoard::add(BoardLine line) {
    if (line.score < 0 || line.score > kMaxScore) return false;
    if (!by_player_.emplace(line.player, Key{line.score, line.finished_at, line.game}).second) {
        return false;
    }
    auto& bucket = buckets_[line.score];
    // Results mostly arrive in finish order: appending is the common case.
    if (bucket.empty() || !before(line, bucket.back())) {
        bucket.push_back(std::move(line));
    } else {
        bucket.insert(std::upper_bound(bucket.begin(), bucket.end(), line, before),
                      std::move(line));
    }
    ++size_;
    return true;
}

std::uint64_t DailyBoard::above(int score) const {
    std::uint64_t n = 0;
    for (int s = kMaxScore; s > score; --s) n += buckets_[s].size();
    return n;
}

std::int64_t DailyBoard::rank_of_score(int score) const {
    return static_cast<std::int64_t>(above(score)) + 1;
}

std::optional<RankedLine> DailyBoard::find(std::int64_t player) const {
    const auto it = by_player_.find(player);
    if (it == by_player_.end()) return std::nullopt;
    const Key& k = it->second;
    const auto& bucket = buckets_[k.score];
    BoardLine probe;
    probe.finished_at = k.finished_at;
    probe.game = k.game;
    const auto at = std::lower_bound(bucket.begin(), bucket.end(), probe, before);
    const std::uint64_t higher = above(k.score);
    return RankedLine{static_cast<std::int64_t>(higher) + 1,
                      higher + static_cast<std::uint64_t>(at - bucket.begin()), *at};
}

bool DailyBoard::rename(std::int64_t player, const std::string& name) {
    const auto it = by_player_.find(player);
    if (it == by_player_.end()) return false;
    auto& bucket = buckets_[it->second.score];
    for (auto& line : bucket) {
        if (line.player == player) line.name = name;
    }
    return true;
}

bool DailyBoard::remove(std::int64_t player) {
    const auto it = by_player_.find(player);
    if (it == by_player_.end()) return false;
    auto& bucket = buckets_[it->second.score];
    std::erase_if(bucket, [&](const BoardLine& l) { return l.player == player; });
    by_player_.erase(it);
    --size_;
    return true;
}

std::vector<RankedLine> DailyBoard::page(std::uint64_t offset, std::size_t limit) const {
    std::vector<RankedLine> out;
    std::uint64_t seen = 0;  // lines in buckets above the current one
    for (int s = kMaxScore; s >= 0 && out.size() < limit; --s) {
        const auto& bucket = buckets_[s];
        if (seen + bucket.size() <= offset) {
            seen += bucket.size();
            continue;
        }
        const std::uint64_t from = offset > seen ? offset - seen : 0;
        for (std::uint64_t i = from; i < bucket.size() && out.size() < limit; ++i) {
            out.push_back(RankedLine{static_cast<std::int64_t>(seen) + 1, seen + i, bucket[i]});
        }
        seen += bucket.size();
    }
    return out;
}

}  // namespace pinfall::server
