#include "server/app/leagues/league_requests.hpp"

#include <boost/asio/post.hpp>

#include "server/app/core/error_codes.hpp"

namespace pinfall::server {

using protocol::Request;

bool LeagueRequests::handle(Connection& c, const Request& r, const std::shared_ptr<Outbox>& self,
                            Received) {
    const bool league_request =
        std::holds_alternative<protocol::LeagueCreate>(r.body) ||
        std::holds_alternative<protocol::LeagueJoin>(r.body) ||
        std::holds_alternative<protocol::LeagueGet>(r.body) ||
        std::holds_alternative<protocol::LeaguePlay>(r.body) ||
        std::holds_alternative<protocol::LeagueSecretary>(r.body);
    if (!league_request) return false;
    const auto reply = Connection::send_to(self);
    if (const auto* g = std::get_if<protocol::LeagueGet>(&r.body)) {
        leagues_.get(r.id, c.player ? std::optional(c.player->id) : std::nullopt, *g, reply, self);
        return true;
    }
    if (!c.player) {
        c.fail(self, r.id, code::kLoginRequired, "leagues are for registered players");
        return true;
    }
    const protocol::PlayerRef me = *c.player;
    if (const auto* m = std::get_if<protocol::LeagueCreate>(&r.body)) {
        leagues_.create(r.id, me, *m, reply, self);
    } else if (const auto* j = std::get_if<protocol::LeagueJoin>(&r.body)) {
        leagues_.join(r.id, me, j->code, reply, self);
    } else if (const auto* s = std::get_if<protocol::LeagueSecretary>(&r.body)) {
        leagues_.secretary(r.id, me, *s, reply, self);
    } else if (const auto* p = std::get_if<protocol::LeaguePlay>(&r.body)) {
        leagues_.play(r.id, me, *p, origin_of(c, secret_),
                      [self, re = r.id](std::shared_ptr<GameRoom> room, std::optional<Reply> err) {
                          if (!room) return self->send(make_message(std::move(err->text)));
                          boost::asio::post(room->executor(),
                                            [room, self, re] { room->snapshot(re, self); });
                      });
    }
    return true;
}

}  // namespace pinfall::server
