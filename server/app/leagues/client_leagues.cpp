// Client: the league requests (create, join, views, secretary actions, league games).
#include <boost/asio/post.hpp>

#include "server/app/core/client.hpp"

namespace pinfall::server {

namespace asio = boost::asio;
using protocol::Request;

bool Client::handle_league(const Request& r, const std::shared_ptr<Outbox>& self) {
    const bool league_request =
        std::holds_alternative<protocol::LeagueCreate>(r.body) ||
        std::holds_alternative<protocol::LeagueJoin>(r.body) ||
        std::holds_alternative<protocol::LeagueGet>(r.body) ||
        std::holds_alternative<protocol::LeaguePlay>(r.body) ||
        std::holds_alternative<protocol::LeagueSecretary>(r.body);
    if (!league_request) return false;
    const auto me_id = player_ ? std::optional(player_->id) : std::nullopt;
    if (const auto* g = std::get_if<protocol::LeagueGet>(&r.body)) {
        leagues_.get(r.id, me_id, *g, send_to(self), self);
        return true;
    }
    if (!player_) {
        fail(self, r.id, code::kLoginRequired, "leagues are for registered players");
        return true;
    }
    const protocol::PlayerRef me = *player_;
    if (const auto* c = std::get_if<protocol::LeagueCreate>(&r.body)) {
        leagues_.create(r.id, me, *c, send_to(self), self);
    } else if (const auto* j = std::get_if<protocol::LeagueJoin>(&r.body)) {
        leagues_.join(r.id, me, j->code, send_to(self), self);
    } else if (const auto* s = std::get_if<protocol::LeagueSecretary>(&r.body)) {
        leagues_.secretary(r.id, me, *s, send_to(self), self);
    } else if (const auto* p = std::get_if<protocol::LeaguePlay>(&r.body)) {
        leagues_.play(r.id, me, *p,
                      [self, re = r.id](std::shared_ptr<GameRoom> room, std::optional<Reply> err) {
                          if (!room) {
                              self->send(make_message(std::move(err->text)));
                              return;
                          }
                          asio::post(room->executor(),
                                     [room, self, re] { room->snapshot(re, self); });
                      });
    }
    return true;
}

}  // namespace pinfall::server
