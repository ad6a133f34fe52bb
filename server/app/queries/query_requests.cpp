#include "server/app/queries/query_requests.hpp"

#include "server/app/core/error_codes.hpp"

namespace pinfall::server {

bool QueryRequests::handle(Connection& c, const protocol::Request& r,
                           const std::shared_ptr<Outbox>& self, Received) {
    const auto me = c.ranked_me();
    if (std::holds_alternative<protocol::DailyInfo>(r.body)) {
        queries_.daily_info(r.id, me, Connection::send_to(self));
    } else if (const auto* b = std::get_if<protocol::LeaderboardRequest>(&r.body)) {
        queries_.leaderboard(r.id, *b, me, Connection::send_to(self));
    } else if (const auto* p = std::get_if<protocol::ProfileRequest>(&r.body)) {
        if (!p->player && !me) {
            c.fail(self, r.id, code::kLoginRequired, "log in or name a player");
        } else {
            queries_.profile(r.id, p->player ? *p->player : *me, me, Connection::send_to(self));
        }
    } else if (const auto* v = std::get_if<protocol::VerifyRequest>(&r.body)) {
        queries_.verify(r.id, v->game, Connection::send_to(self));
    } else if (const auto* g = std::get_if<protocol::RecordRequest>(&r.body)) {
        queries_.stored_game(r.id, g->game, Connection::send_to(self));
    } else {
        return false;
    }
    return true;
}

}  // namespace pinfall::server
