#include "server/app/games/game_requests.hpp"

#include <boost/asio/dispatch.hpp>

#include "engine/seed.hpp"
#include "protocol/game_actions.hpp"
#include "server/app/core/calendar.hpp"
#include "server/app/core/error_codes.hpp"

namespace pinfall::server {

namespace asio = boost::asio;

bool GameRequests::handle(Connection& c, const protocol::Request& r,
                          const std::shared_ptr<Outbox>& self, Received received) {
    // The actions first: they are almost every message.
    if (const auto a = protocol::game_action(r.body)) {
        d_.own_games.with_own_game(c, a->game, r.id, self,
                                   [self, action = a->action, re = r.id, received](const auto& room) {
                                       room->act(action, re, self, received);
                                   });
    } else if (const auto* s = std::get_if<protocol::SnapshotRequest>(&r.body)) {
        d_.own_games.with_own_game(c, s->game, r.id, self, [self, re = r.id](const auto& room) {
            room->snapshot(re, self);
        });
    } else if (const auto* p = std::get_if<protocol::PracticeStart>(&r.body)) {
        practice_start(c, r, *p, self);
    } else {
        return false;
    }
    return true;
}

void GameRequests::practice_start(Connection& c, const protocol::Request& r,
                                  const protocol::PracticeStart& p,
                                  const std::shared_ptr<Outbox>& self) {
    storage::GameRow row;
    row.player = c.owner().player;
    row.mode = storage::GameMode::kPractice;
    row.ruleset = p.ruleset;
    row.seed = p.seed ? *p.seed : random_seed();
    row.started_at = unix_ms(d_.clock.now());
    if (p.day) {
        // Replaying a revealed daily challenge as unranked practice.
        if (const auto check = check_date(*p.day); check != DateCheck::kOk) {
            const auto [why, message] = date_refusal(check);
            return c.fail(self, r.id, why, message);
        }
        if (!is_revealed(*p.day, d_.clock.now())) {
            return c.fail(self, r.id, code::kNotRevealed, "that day is not revealed yet");
        }
        row.seed = engine::daily_seed(d_.secret, *p.day);
    }
    if (!c.within_budget(AddressBudgets::kGameStart, r.id, self)) return;
    if (!c.player) d_.guests.touch(*c.guest);
    d_.registry.create_game(
        c.owner(), c.player ? c.player->name : "", std::move(row),
        [conn = c.shared_from_this(), self, re = r.id](std::shared_ptr<GameRoom> room,
                                                       const storage::Status& st) {
            if (!room) {
                if (st.is_conflict()) {
                    return conn->fail(self, re, code::kServerBusy, "too many games; try again later");
                }
                return conn->fail(self, re, code::kStorageError, "could not start the game");
            }
            asio::dispatch(room->executor(), [room, self, re] { room->snapshot(re, self); });
        },
        c.strand());
}

}  // namespace pinfall::server
