// The daily leaderboards, one DailyBoard per day, owned by one strand (docs/style.md habit 4):
// results are added as attempts finish, queries are answered from memory. Also ranks the
// all-time boards computed from storage rows (ties share a rank, earlier finish first).
//
// Thread-safety: load() before the server runs; add() and daily() from any thread (they post);
// daily_now() REQUIRES the strand (or no concurrent use, as in benchmarks).
#pragma once

#include <boost/asio/any_io_executor.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "server/app/boards/daily_board.hpp"
#include "storage/records.hpp"

namespace pinfall::server {

struct BoardQuery {
    std::string day;
    std::uint64_t offset = 0;
    std::size_t limit = 50;
    std::optional<std::int64_t> me;  // the asking player, for "me" and "around"
    bool around = false;             // centre the page on the asking player
    // A scope's players (scoped_board.hpp); null: the whole board.
    std::shared_ptr<const std::vector<std::int64_t>> members;
};

struct BoardAnswer {
    std::uint64_t total = 0;
    std::vector<RankedLine> lines;
    std::optional<RankedLine> me;
    std::optional<std::uint64_t> next_offset;  // where the next page starts, if any
};

// A day's board as the daily loop shows it (docs/protocol.md "The daily loop").
struct DaySummary {
    std::uint64_t total = 0;              // finished attempts of the day
    std::vector<std::uint64_t> bins;      // kSummaryBins counts: scores 0-9, 10-19, ..., 290-300
    std::optional<RankedLine> me;         // the asking player's line, if on the board
    std::uint64_t at_or_below = 0;        // with `me`: attempts scoring no more than theirs
};
inline constexpr int kSummaryBinWidth = 10;
inline constexpr int kSummaryBins = 30;  // the last bin also holds 300

class Leaderboards {
   public:
    explicit Leaderboards(boost::asio::any_io_executor strand) : strand_(std::move(strand)) {}

    void load(const std::vector<storage::DailyResult>& results);
    void add(BoardLine line, std::string day);
    void daily(BoardQuery q, std::function<void(BoardAnswer)> done);
    BoardAnswer daily_now(const BoardQuery& q) const;
    // The day's total, score distribution and the player's line (done runs on the strand).
    void summary(std::string day, std::optional<std::int64_t> me,
                 std::function<void(DaySummary)> done);
    // A player's name changed (a guest registered): their lines, and lines added later for
    // them (a game finished under the old name), show the new one. From any thread.
    void rename(std::int64_t player, std::string name);
    // The player's results changed (issue 27: held for review, cleared, disqualified, banned):
    // their lines on every day become `results` (what storage still shows on the boards,
    // Store::daily_results_of), each with its original finish time. While `banned`, lines
    // added later for the player (a game that was in play) are left off. From any thread.
    void replace_player(std::int64_t player, std::vector<storage::DailyResult> results,
                        bool banned);

   private:
    boost::asio::any_io_executor strand_;
    std::map<std::string, DailyBoard> boards_;
    std::unordered_map<std::int64_t, std::string> renamed_;  // player -> name since rename()
    std::unordered_set<std::int64_t> banned_;  // replace_player(.., banned = true)
};

// Ranks rows already sorted best first: equal keys share a rank. key(row) gives the value.
template <class Row, class Key>
std::vector<std::int64_t> shared_ranks(const std::vector<Row>& rows, Key key) {
    std::vector<std::int64_t> ranks(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        ranks[i] = (i > 0 && key(rows[i]) == key(rows[i - 1])) ? ranks[i - 1]
                                                                : static_cast<std::int64_t>(i) + 1;
    }
    return ranks;
}

}  // namespace pinfall::server
