// A player's ranked results or ban changed (issue 27: a result held for review, cleared or
// disqualified; a ban or unban): every node brings its boards and its ban list up to date,
// and the node serving a banned player closes their connections (close code 4003 "banned").
// The transaction that makes the change announces it (Store::announce, NOTIFY
// pinfall_review on PostgreSQL); the node that made it applies it itself once committed
// (SQLite has nobody to tell), and every other node on the notice. Applying reads the player's
// results and ban from storage, so it is idempotent and order-proof: the boards end as storage
// says, each result with its original finish time.
//
// Payload: node, player, change ("results", "ban", "unban"), tab-separated.
//
// Thread-safety: every member is safe from any thread; apply() reads on the storage worker
// and posts to the boards' strand. Its collaborators outlive it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "server/app/boards/leaderboards.hpp"
#include "server/app/cluster/ownership.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/players/ban_list.hpp"

namespace pinfall::server {

inline constexpr const char* kReviewChannel = "pinfall_review";

enum class ReviewChange { kResults, kBan, kUnban };

struct ReviewNotice {
    std::string node;
    std::int64_t player = 0;
    ReviewChange change = ReviewChange::kResults;
};
std::string encode_review(const ReviewNotice& n);
// nullopt for a payload that is not one.
std::optional<ReviewNotice> decode_review(std::string_view payload);

class ReviewNews {
   public:
    struct Deps {
        StorageWorker& storage;
        Leaderboards& boards;
        BanList& bans;
        Ownership& ownership;
        const std::string& node;  // this node's id, named before the first notice
        // Told of each player whose results or ban changed here (the arenas' standings).
        std::function<void(std::int64_t player)> changed;
    };
    explicit ReviewNews(Deps d) : d_(d) {}

    // Inside the transaction that made the change: tells the other nodes once it commits.
    storage::Status announce(storage::Store& s, std::int64_t player, ReviewChange change) const;
    // Once that transaction committed: this node's boards and bans follow storage; then `then`
    // (if any) runs, after the boards' change is queued on their strand, so a board read
    // asked for from then on sees it (the moderator's reply waits for it).
    void apply(std::int64_t player, ReviewChange change, std::function<void()> then = {});
    // Every banned player into the ban list and off the boards (before serving).
    static void load_bans(storage::Store& s, BanList& bans, Leaderboards& boards);
    // A notice on kReviewChannel: another node's change is applied here (this node's own
    // were applied when they committed).
    void on_notice(const std::string& payload);

   private:
    Deps d_;
};

}  // namespace pinfall::server
