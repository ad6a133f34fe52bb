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
#include "server/app/queries.hpp"
#include "server/app/services.hpp"

namespace pinfall::server {

class LeagueService {
   public:
    using RoomFn = std::function<void(std::shared_ptr<GameRoom>, std::optional<Reply>)>;

    LeagueService(Services& services, Queries& queries) : s_(services), q_(queries) {}

    void create(protocol::Re re, const protocol::PlayerRef& me, const protocol::LeagueCreate& m,
                ReplyFn done);
    void join(protocol::Re re, const protocol::PlayerRef& me, const std::string& code,
              ReplyFn done);
    void get(protocol::Re re, std::optional<storage::PlayerId> me, const protocol::LeagueGet& m,
             ReplyFn done);
    void secretary(protocol::Re re, const protocol::PlayerRef& me,
                   const protocol::LeagueSecretary& m, ReplyFn done);
    // The member's game (round, game) of the league, resumed or created; or an error reply.
    void play(protocol::Re re, const protocol::PlayerRef& me, const protocol::LeaguePlay& m,
              RoomFn done);
    // Closes every round whose time is over (the day keeper calls it once a second), ending
    // the games left unfinished in them.
    void close_due_rounds();

   private:
    void end_games(std::vector<std::int64_t> ids);

    Services& s_;
    Queries& q_;
};

}  // namespace pinfall::server
