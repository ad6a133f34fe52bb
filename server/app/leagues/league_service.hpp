// League requests: creating and joining leagues, the secretary's actions, the views (detail,
// standings, round results) and starting a member's league game; plus closing rounds on time.
// Every read-modify-write runs inside one storage job, on the storage worker's one thread, so
// league changes are serial without a lock of their own. Each secretary action is logged with
// who did it and when.
//
// Thread-safety: all functions may be called from any thread; callbacks run on the storage
// worker and must only post onward.
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include "protocol/messages.hpp"
#include "server/app/core/origin.hpp"
#include "server/app/coach/par_keeper.hpp"
#include "server/app/core/clock.hpp"
#include "server/app/core/metrics.hpp"
#include "server/app/core/reply.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/games/registry.hpp"
#include "server/app/leagues/league_news.hpp"

namespace pinfall::server {

struct ClosedRounds;  // server/app/leagues/league_state.hpp

class LeagueService {
   public:
    using RoomFn = std::function<void(std::shared_ptr<GameRoom>, std::optional<Reply>)>;

    // What the leagues use: every member outlives this object.
    struct Deps {
        StorageWorker& storage;
        const Clock& clock;
        Metrics& metrics;
        Registry& registry;
        LeagueNews& league_news;
        ParKeeper& par;
        const std::string& secret;  // the server secret (league seeds)
    };
    explicit LeagueService(Deps deps) : s_(deps) {}

    // `watcher`: the requesting connection (null over HTTP). A request answered with the
    // league's detail subscribes it to that league's pushes (LeagueNews::watch), before the
    // reply is sent; a change is announced to the league's other watchers.
    void create(protocol::Re re, const protocol::PlayerRef& me, const protocol::LeagueCreate& m,
                ReplyFn done, std::shared_ptr<Outbox> watcher = nullptr);
    void join(protocol::Re re, const protocol::PlayerRef& me, const std::string& code,
              ReplyFn done, std::shared_ptr<Outbox> watcher = nullptr);
    // Also `league_list` (view kMine).
    void get(protocol::Re re, std::optional<storage::PlayerId> me, const protocol::LeagueGet& m,
             ReplyFn done, std::shared_ptr<Outbox> watcher = nullptr);
    void secretary(protocol::Re re, const protocol::PlayerRef& me,
                   const protocol::LeagueSecretary& m, ReplyFn done,
                   std::shared_ptr<Outbox> watcher = nullptr);
    // The member's game (round, game) of the league, resumed or created (announced to the
    // league's watchers as "game_started"); or an error reply.
    // origin: where it is played from, stored with a new game (core/origin.hpp).
    void play(protocol::Re re, const protocol::PlayerRef& me, const protocol::LeaguePlay& m,
              const Origin& origin, RoomFn done);
    // Closes every round whose time is over (the day keeper calls it once a second), ending
    // the games left unfinished in them.
    void close_due_rounds();

    // How many leagues `league_list` names at most.
    static constexpr int kMaxListed = 200;

   private:
    // league_list: the leagues `me` is secretary or member of; login_required without `me`.
    void mine(protocol::Re re, std::optional<storage::PlayerId> me, ReplyFn done);
    // Once rounds closed (committed): queues the par of every game of those rounds and ends the
    // games still open at the reveal.
    void after_close(const ClosedRounds& closed);

    // The error reply, counted in metrics.
    Reply error(protocol::Re re, std::string_view code, std::string_view message) const {
        return error_reply(s_.metrics, re, code, message);
    }

    Deps s_;
};

}  // namespace pinfall::server
