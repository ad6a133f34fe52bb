// The composition root: every application service of one node, made in dependency order and
// destroyed in reverse. main() makes one App, serves its FrontDoor over the network, and stops
// it in the order below. Nothing else knows every feature.
//
// Life: open() -> serve(node_id) -> (the pool's io_contexts run) -> stop_timers() on a signal ->
// stop_background() once they returned -> finish() once their pending handlers are gone.
// Thread-safety: open(), serve(), stop_background() and finish() from main's thread only;
// stop_timers() from any thread. The services each document their own.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "server/app/arenas/arena_hall.hpp"
#include "server/app/arenas/arena_requests.hpp"
#include "server/app/boards/leaderboards.hpp"
#include "server/app/cluster/cluster_link.hpp"
#include "server/app/cluster/ownership.hpp"
#include "server/app/coach/analysis_requests.hpp"
#include "server/app/coach/par_keeper.hpp"
#include "server/app/core/io_pool.hpp"
#include "server/app/daily/daily_requests.hpp"
#include "server/app/front/day_keeper.hpp"
#include "server/app/front/dispatcher.hpp"
#include "server/app/front/front_door.hpp"
#include "server/app/front/hello.hpp"
#include "server/app/front/janitor.hpp"
#include "server/app/games/game_requests.hpp"
#include "server/app/inbox/inbox.hpp"
#include "server/app/inbox/inbox_requests.hpp"
#include "server/app/integrity/integrity_keeper.hpp"
#include "server/app/integrity/review_news.hpp"
#include "server/app/lanes/lane_requests.hpp"
#include "server/app/leagues/league_requests.hpp"
#include "server/app/moderation/moderation_requests.hpp"
#include "server/app/players/account_requests.hpp"
#include "server/app/players/token_epochs.hpp"
#include "server/app/push/push_requests.hpp"
#include "server/app/push/reminders.hpp"
#include "server/app/queries/query_requests.hpp"
#include "server/app/share/share_cards.hpp"
#include "server/app/social/friend_news.hpp"
#include "server/app/social/social_requests.hpp"
#include "server/config.hpp"

namespace pinfall::server {

class App {
   public:
    // Opens the database and the link to other nodes, loads the boards, reserves the first game
    // and guest ids, and builds every service. nullptr, with why in *error, when one of those
    // fails. Its rooms and services are spread over the pool's io_contexts (IoPool::next). pool,
    // config and clock outlive the App.
    static std::unique_ptr<App> open(IoPool& pool, const Config& config,
                                     const Clock& clock, std::string* error);

    // Names the node (docs/scaling.md) once its port is known, publishes the services the
    // other nodes' notices reach, and starts the day keeper and the janitor. REQUIRES: before
    // the first connection is served.
    void serve(const std::string& node_id);
    // A stop signal: the day keeper and the janitor stop.
    void stop_timers();
    // Once the io_context returned: stops the link to other nodes and the analysis pool (their
    // handlers post to strands and reply through connections).
    void stop_background();
    // Once the io_context's pending handlers are gone: queues every unfinished practice game
    // for storage, then runs the storage worker's last jobs while what they refer to lives.
    void finish();

    FrontDoor& front() { return front_; }
    // How push messages leave (server/net/push_client.hpp); before serve().
    void use_push_transport(std::unique_ptr<push::PushTransport> t);
    const std::string& node_id() const { return node_id_; }

   private:
    struct FirstRead {
        std::vector<storage::GuestRow> guests;
        GameIds::Range game_ids;
        GuestBook::Ids guest_ids;
        std::vector<storage::PendingGame> unanalysed;  // ranked games awaiting integrity analysis
        ArenaHall::Loaded arenas;                      // the arenas not ended long ago
    };

    App(IoPool& pool, const Config& config, const Clock& clock,
        std::unique_ptr<storage::Store> store, std::unique_ptr<storage::Coordinator> coordinator);
    // What must happen before the storage worker owns the store: listening for the other nodes
    // (before the boards load, so a result committed elsewhere meanwhile is heard), the boards,
    // the guests and the first blocks of ids. Throws std::runtime_error with why.
    FirstRead first_read(storage::Store& store);

    const Config& config_;
    const Clock& clock_;
    Metrics metrics_;
    Leaderboards leaderboards_;
    BanList bans_;
    ClusterLink link_;
    // Published by serve(): the link's notices reach these only once the node has its name.
    std::atomic<Ownership*> ownership_ptr_{nullptr};
    std::atomic<LaneDirectory*> lanes_ptr_{nullptr};
    std::atomic<LeagueNews*> league_news_ptr_{nullptr};
    std::atomic<ReviewNews*> review_news_ptr_{nullptr};
    std::atomic<ArenaHall*> arena_hall_ptr_{nullptr};
    std::atomic<Inbox*> inbox_ptr_{nullptr};
    FirstRead first_;
    StorageWorker storage_;
    // The coach's pool (hints, reviews, par): its jobs reply through connections and write
    // through the storage worker, so it is stopped (stop_background) before those go.
    AnalysisLimit analysis_limit_;
    AnalysisPool analysis_pool_;
    AnalysisPool par_pool_;  // par of finished games: idle priority (ParKeeper)
    ParKeeper par_;
    LeagueNews league_news_;
    RoomContext rooms_;
    std::string node_id_;  // set by serve(), before any game runs
    const std::string server_name_;
    Registry registry_;
    LaneDirectory lanes_;
    GuestBook guests_;
    AddressBudgets budgets_;
    // After the storage worker (its jobs call it): destroyed, and joined, before it.
    Passwords passwords_;
    TokenEpochs token_epochs_;
    Ownership ownership_;
    Inbox inbox_;  // notices stored and pushed (issue 29)
    FriendNews friend_news_;
    LeagueReminders league_reminders_;
    // The board's integrity: its own pool of idle priority, one game at a time (issue 27).
    AnalysisPool integrity_pool_;
    ReviewNews review_news_;
    IntegrityKeeper integrity_;
    ArenaHall arena_hall_;
    Queries queries_;
    LeagueService leagues_;
    ShareCards share_;  // share cards of daily results (issue 30)
    // The connection's side: each feature's requests, and the dispatcher asking them in turn.
    OwnGames own_games_;
    SignIn sign_in_;
    Hello hello_;
    GameRequests game_requests_;
    QueryRequests query_requests_;
    DailyRequests daily_requests_;
    LaneRequests lane_requests_;
    LeagueRequests league_requests_;
    AccountRequests account_requests_;
    AnalysisRequests analysis_requests_;
    ModerationRequests moderation_requests_;
    ArenaRequests arena_requests_;
    SocialRequests social_requests_;
    InboxRequests inbox_requests_;
    // Settings and daily reminders by Web Push (issue 30).
    push::TimeZones zones_;
    const push::P256KeyPair vapid_;  // the database's VAPID key pair
    push::PushSender push_sender_;
    push::PushRequests push_requests_;
    Dispatcher dispatcher_;
    FrontDoor front_;
    std::shared_ptr<DayKeeper> keeper_;
    std::shared_ptr<Janitor> janitor_;
    std::shared_ptr<push::Reminders> reminders_;
};

}  // namespace pinfall::server
