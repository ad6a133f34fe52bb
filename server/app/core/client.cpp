#include "server/app/core/client.hpp"

#include <boost/asio/post.hpp>

#include <algorithm>

#include "protocol/encode.hpp"
#include "protocol/replies.hpp"
#include "server/app/core/calendar.hpp"
#include "server/app/players/player_names.hpp"

namespace pinfall::server {

namespace asio = boost::asio;
using protocol::Request;

void Client::fail(const std::shared_ptr<Outbox>& self, protocol::Re re, std::string_view code,
                  std::string_view message) {
    services_.metrics.reject(code);
    self->send(make_message(protocol::encode_error(re, code, message)));
}

ReplyFn Client::send_to(const std::shared_ptr<Outbox>& self) {
    return [self](Reply reply) { self->send(make_message(std::move(reply.text))); };
}

Client::~Client() {
    if (guest_) services_.guests.release(*guest_);
    if (owned_ && services_.ownership) services_.ownership->release(*owned_, hold_);
    if (guest_ && guest_hold_ && services_.ownership) {
        services_.ownership->release(guest_key(*guest_), guest_hold_);
    }
}

std::string Client::owner_key() const {
    return player_ ? "p:" + std::to_string(player_->id) : "g:" + std::to_string(*guest_);
}

bool Client::within_budget(AddressBudgets::Kind kind, protocol::Re re,
                           const std::shared_ptr<Outbox>& self, bool address_only) {
    auto& budgets = services_.budgets;
    const bool ok = address_only ? budgets.take(kind, address_key_)
                                 : budgets.take_both(kind, address_key_, owner_key());
    if (ok) return true;
    static constexpr const char* kWhat[] = {"new guests", "games started", "lanes opened",
                                            "lane codes of no lane", "password attempts"};
    const auto wait = std::max(budgets.retry_after_s(kind, address_key_),
                               address_only ? 0 : budgets.retry_after_s(kind, owner_key()));
    fail(self, re, code::kOverBudget,
         std::string("too many ") + kWhat[kind] + " from here; try again in " +
             std::to_string(std::max<std::int64_t>(1, wait)) + " s");
    return false;
}

void Client::on_binary(const std::shared_ptr<Outbox>& self) {
    fail(self, std::nullopt, code::kBinaryFrame, "binary frames are not accepted; send JSON text");
}

void Client::on_rate_limited(const std::shared_ptr<Outbox>& self) {
    fail(self, std::nullopt, code::kRateLimited, "too many messages; slow down");
}

void Client::on_text(std::string_view text, const std::shared_ptr<Outbox>& self,
                     time_point received) {
    auto decoded = protocol::decode_request(text, services_.max_json_depth);
    if (auto* err = std::get_if<protocol::DecodeError>(&decoded)) {
        fail(self, err->id, err->code, err->message);
        return;
    }
    handle(std::get<Request>(decoded), self, received);
}

void Client::handle(const Request& r, const std::shared_ptr<Outbox>& self, time_point received) {
    if (const auto* h = std::get_if<protocol::Hello>(&r.body)) return hello(r, *h, self);
    if (!guest_) return fail(self, r.id, code::kHelloRequired, "send hello first");
    if (!session_current(r, self)) return;
    if (handle_lane(r, self) || handle_league(r, self)) return;
    const auto me = ranked_me();
    std::visit(
        [&](const auto& body) {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, protocol::Ping>) {
                self->send(make_message(protocol::encode_pong(r.id)));
            } else if constexpr (std::is_same_v<T, protocol::Register>) {
                register_player(r, body, self);
            } else if constexpr (std::is_same_v<T, protocol::Login>) {
                login(r, body, self);
            } else if constexpr (std::is_same_v<T, protocol::ChangePassword>) {
                change_password(r, body, self);
            } else if constexpr (std::is_same_v<T, protocol::LogoutOthers>) {
                logout_others(r, self);
            } else if constexpr (std::is_same_v<T, protocol::PracticeStart>) {
                practice_start(r, body, self);
            } else if constexpr (std::is_same_v<T, protocol::DailyStart>) {
                daily_start(r, body, self);
            } else if constexpr (std::is_same_v<T, protocol::DailyInfo>) {
                queries_.daily_info(r.id, me, send_to(self));
            } else if constexpr (std::is_same_v<T, protocol::LeaderboardRequest>) {
                queries_.leaderboard(r.id, body, me, send_to(self));
            } else if constexpr (std::is_same_v<T, protocol::ProfileRequest>) {
                if (!body.player && !me) {
                    return fail(self, r.id, code::kLoginRequired, "log in or name a player");
                }
                queries_.profile(r.id, body.player ? *body.player : *me, send_to(self));
            } else if constexpr (std::is_same_v<T, protocol::VerifyRequest>) {
                queries_.verify(r.id, body.game, send_to(self));
            } else if constexpr (std::is_same_v<T, protocol::RecordRequest>) {
                queries_.stored_game(r.id, body.game, send_to(self));
            } else if constexpr (std::is_same_v<T, protocol::HintRequest>) {
                hint(r, body, self);
            } else if constexpr (std::is_same_v<T, protocol::ReviewRequest>) {
                review(r, body, self);
            } else if constexpr (std::is_same_v<T, protocol::SnapshotRequest>) {
                with_own_game(r, body.game, self, [self, re = r.id](const auto& room) {
                    room->snapshot(re, self);
                });
            } else if constexpr (std::is_same_v<T, protocol::PlayRequest> ||
                                 std::is_same_v<T, protocol::StopRequest> ||
                                 std::is_same_v<T, protocol::ResignRequest> ||
                                 std::is_same_v<T, protocol::UndoRequest>) {
                engine::Action action;
                if constexpr (std::is_same_v<T, protocol::PlayRequest>) {
                    action = engine::Action::play(body.pile - 1, body.pins);
                } else if constexpr (std::is_same_v<T, protocol::StopRequest>) {
                    action = engine::Action::stop();
                } else if constexpr (std::is_same_v<T, protocol::UndoRequest>) {
                    action = engine::Action::undo();
                } else {
                    action = engine::Action::resign();
                }
                with_own_game(r, body.game, self, [self, action, re = r.id, received](
                                                      const auto& room) {
                    room->act(action, re, self, received);
                });
            }
        },
        r.body);
}

void Client::hello(const Request& r, const protocol::Hello& h,
                   const std::shared_ptr<Outbox>& self) {
    if (guest_ || greeting_) return fail(self, r.id, code::kWrongPhase, "hello was already received");
    if (h.version != protocol::kProtocolVersion) {
        return fail(self, r.id, code::kUnsupportedVersion, "this server speaks protocol version 1");
    }
    if (h.guest) {
        if (const auto id = services_.guests.find(*h.guest)) return greet(r.id, *id, *h.guest, true, self);
        // Not in memory: a guest another node made (docs/scaling.md), or none at all.
        greeting_ = true;
        services_.guests.find_stored(
            *h.guest, [this, keep = shared_from_this(), self, re = r.id, token = *h.guest](
                          std::optional<GuestId> id, const storage::Status& st) {
                asio::post(strand_, [this, keep, self, re, token, id, st] {
                    greeting_ = false;
                    if (!st.is_ok()) {
                        return fail(self, re, code::kStorageError,
                                    "could not look the guest up; try again");
                    }
                    if (!id) {
                        return fail(self, re, code::kUnknownGuest,
                                    "unknown guest token; send hello without one");
                    }
                    greet(re, *id, token, true, self);
                });
            });
        return;
    }
    if (!within_budget(AddressBudgets::kNewGuest, r.id, self, true)) return;
    auto made = services_.guests.create();
    if (!made) return fail(self, r.id, code::kServerBusy, "too many new guests; try again");
    greet(r.id, made->first, std::move(made->second), false, self);
}

void Client::greet(protocol::Re re, GuestId guest, std::string token, bool returning,
                   const std::shared_ptr<Outbox>& self) {
    if (!services_.ownership) return welcome_guest(re, guest, std::move(token), returning, self);
    // The guest is this node's before the welcome (docs/scaling.md): a guest held by another
    // node is handed over first, as a player is at login.
    greeting_ = true;
    services_.ownership->acquire(
        guest_key(guest), self,
        [this, keep = shared_from_this(), re, guest, token = std::move(token), returning,
         self](Ownership::Hold hold) {
            asio::post(strand_, [this, keep, re, guest, token, returning, self, hold] {
                greeting_ = false;
                if (!hold) {
                    services_.guests.release(guest);
                    return fail(self, re, code::kPlayerElsewhere,
                                "this guest is being moved from another server; try again");
                }
                guest_hold_ = hold;
                welcome_guest(re, guest, token, returning, self);
            });
        });
}

void Client::welcome_guest(protocol::Re re, GuestId guest, std::string token, bool returning,
                           const std::shared_ptr<Outbox>& self) {
    guest_ = guest;
    protocol::Welcome w;
    w.server = services_.server_name;
    w.time = format_rfc3339(services_.clock.now());
    w.guest = std::move(token);
    // The guest's unfinished games come from storage as well as memory: after a restart none
    // is in memory until something loads it.
    auto welcome = [this, keep = shared_from_this(), self, re, w = std::move(w)]() mutable {
        services_.registry.open_games_of(
            *guest_, [self, re, w = std::move(w)](std::vector<protocol::GameId> games) mutable {
                w.games = std::move(games);
                self->send(make_message(protocol::encode_welcome(re, w)));
            });
    };
    // A returning guest may have a ranked identity (it played the daily): known before the
    // welcome, so every request after it sees the guest's rank, streak and attempt.
    if (returning) return load_guest_identity(std::move(welcome));
    welcome();
}

void Client::practice_start(const Request& r, const protocol::PracticeStart& p,
                            const std::shared_ptr<Outbox>& self) {
    storage::GameRow row;
    row.player = owner().player;
    row.mode = storage::GameMode::kPractice;
    row.ruleset = p.ruleset;
    row.seed = p.seed ? *p.seed : random_seed();
    row.started_at = unix_ms(services_.clock.now());
    if (p.day) {
        // Replaying a revealed daily challenge as unranked practice.
        if (const auto c = check_date(*p.day); c != DateCheck::kOk) {
            const auto [why, message] = date_refusal(c);
            return fail(self, r.id, why, message);
        }
        if (!queries_.revealed(*p.day)) {
            return fail(self, r.id, code::kNotRevealed, "that day is not revealed yet");
        }
        row.seed = engine::daily_seed(services_.secret, *p.day);
    }
    if (!within_budget(AddressBudgets::kGameStart, r.id, self)) return;
    if (!player_) services_.guests.touch(*guest_);
    services_.registry.create_game(
        owner(), player_ ? player_->name : "", std::move(row),
        [this, keep = shared_from_this(), self, re = r.id](std::shared_ptr<GameRoom> room,
                                                           const storage::Status& st) {
            if (!room) {
                if (st.is_conflict()) {
                    return fail(self, re, code::kServerBusy, "too many games; try again later");
                }
                return fail(self, re, code::kStorageError, "could not start the game");
            }
            asio::post(room->executor(), [room, self, re] { room->snapshot(re, self); });
        });
}

void Client::daily_start(const Request& r, const protocol::DailyStart& m,
                         const std::shared_ptr<Outbox>& self) {
    if (!player_ && m.guest) return guest_daily_start(r, self);
    if (!player_) return fail(self, r.id, code::kLoginRequired, "the daily challenge is ranked");
    const std::string today = utc_date(services_.clock.now());
    services_.registry.daily_attempt(
        player_->id, player_->name, today, engine::daily_seed(services_.secret, today),
        unix_ms(services_.clock.now()),
        [this, keep = shared_from_this(), self, re = r.id](std::shared_ptr<GameRoom> room,
                                                           const storage::Status& st) {
            if (!room) return fail(self, re, code::kStorageError, "could not start: " + st.message());
            if (room->finished()) {
                return fail(self, re, code::kDailyFinished,
                            "today's attempt is finished (game " + std::to_string(room->id()) + ")");
            }
            asio::post(room->executor(), [room, self, re] { room->snapshot(re, self); });
        });
}

void Client::with_own_game(const Request& r, protocol::GameId id,
                           const std::shared_ptr<Outbox>& self,
                           std::function<void(const std::shared_ptr<GameRoom>&)> fn) {
    with_own_game_id(id, r.id, self, std::move(fn));
}

void Client::with_own_game_id(protocol::GameId id, protocol::Re re,
                              const std::shared_ptr<Outbox>& self,
                              std::function<void(const std::shared_ptr<GameRoom>&)> fn) {
    // The player moved to another node while this request waited: it must not load the game
    // here again.
    if (moved()) return fail(self, re, code::kMoved, "this player is served by another server now; reconnect");
    // The room in memory (almost every action): straight on, without wrapping `fn` once more
    // in find_game's callback.
    if (auto room = services_.registry.cached(id); room && !room->broken()) {
        return in_own_game(std::move(room), acting_owner(), re, self, std::move(fn));
    }
    services_.registry.find_game(
        id, [this, keep = shared_from_this(), self, me = acting_owner(), fn = std::move(fn), re](
                std::shared_ptr<GameRoom> room, const storage::Status& st) mutable {
            if (!room) {
                if (st.is_not_found()) return fail(self, re, code::kUnknownGame, "no game with that id");
                return fail(self, re, code::kStorageError, "could not load the game");
            }
            in_own_game(std::move(room), me, re, self, std::move(fn));
        });
}

void Client::in_own_game(std::shared_ptr<GameRoom> room, const Owner& me, protocol::Re re,
                         const std::shared_ptr<Outbox>& self,
                         std::function<void(const std::shared_ptr<GameRoom>&)> fn) {
    const Owner& o = room->owner();
    const bool mine = o.player ? o.player == me.player : o.guest == me.guest;
    if (!mine) return fail(self, re, code::kNotYourGame, "that game belongs to another player");
    auto* executor = &room->executor();
    asio::post(*executor, [this, keep = shared_from_this(), room = std::move(room), re, self,
                           fn = std::move(fn)]() mutable {
        // Evicted after we found it: look the game up again (it is loaded from storage, after
        // the eviction's write) on this connection's strand.
        if (!room->evicted()) return fn(room);
        asio::post(strand_, [this, keep, id = room->id(), re, self, fn = std::move(fn)]() mutable {
            with_own_game_id(id, re, self, std::move(fn));
        });
    });
}

}  // namespace pinfall::server
