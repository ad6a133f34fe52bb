// The ranking of one day's finished daily attempts, in memory: scores are bounded (0-300), so
// entries sit in one bucket per score, each ordered by finish time. A rank is 1 + the number of
// entries with a higher score (ties share a rank: 1, 2, 2, 4), found by summing at most 300
// bucket sizes; a page walks buckets from 300 down. No sorting after the load.
//
// Thread-safety: none; the Leaderboards strand owns every board.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace pinfall::server {

struct BoardLine {
    std::int64_t game = 0;
    std::int64_t player = 0;
    std::string name;
    int score = 0;
    int strikes = 0;
    int spares = 0;
    std::int64_t finished_at = 0;  // Unix ms
};

struct RankedLine {
    std::int64_t rank = 0;      // shared by equal scores
    std::uint64_t position = 0;  // 0-based place in the listing
    BoardLine line;
};

class DailyBoard {
   public:
    static constexpr int kMaxScore = 300;

    // Adds a result. A player appears once: a second add for the same player is ignored
    // (returns false).
    bool add(BoardLine line);
    std::uint64_t size() const { return size_; }

    // 1 + number of results with a higher score. REQUIRES: 0 <= score <= 300.
    std::int64_t rank_of_score(int score) const;
    // The player's line with rank and position, or nullopt.
    std::optional<RankedLine> find(std::int64_t player) const;
    // Results with exactly this score. REQUIRES: 0 <= score <= 300.
    std::uint64_t count_of_score(int score) const { return buckets_[score].size(); }
    // Sets the name shown on the player's line (a guest who registered); false when the
    // player has no line.
    bool rename(std::int64_t player, const std::string& name);
    // Takes the player's line off the board (a result held for review, a ban); false when the
    // player has none. The ranks below close up.
    bool remove(std::int64_t player);
    // Up to limit lines from position `offset`, in order (score desc, then earlier finish).
    std::vector<RankedLine> page(std::uint64_t offset, std::size_t limit) const;

   private:
    struct Key {
        int score;
        std::int64_t finished_at;
        std::int64_t game;
    };
    static bool before(const BoardLine& a, const BoardLine& b);
    std::uint64_t above(int score) const;  // results with a higher score

    std::array<std::vector<BoardLine>, kMaxScore + 1> buckets_;
    std::unordered_map<std::int64_t, Key> by_player_;
    std::uint64_t size_ = 0;
};

}  // namespace pinfall::server
