#include "server/app/client.hpp"

#include <boost/asio/post.hpp>

#include "protocol/encode.hpp"

namespace pinfall::server {

namespace asio = boost::asio;
using protocol::Request;

void Client::fail(const std::shared_ptr<Outbox>& self, protocol::Re re, std::string_view code,
                  std::string_view message) {
    services_.metrics.reject(code);
    self->send(make_message(protocol::encode_error(re, code, message)));
}

void Client::on_binary(const std::shared_ptr<Outbox>& self) {
    fail(self, std::nullopt, code::kBinaryFrame, "binary frames are not accepted; send JSON text");
}

void Client::on_rate_limited(const std::shared_ptr<Outbox>& self) {
    fail(self, std::nullopt, code::kRateLimited, "too many messages; slow down");
}

void Client::on_text(std::string_view text, const std::shared_ptr<Outbox>& self,
                     time_point received) {
    auto decoded = protocol::decode_request(text);
    if (auto* err = std::get_if<protocol::DecodeError>(&decoded)) {
        fail(self, err->id, err->code, err->message);
        return;
    }
    handle(std::get<Request>(decoded), self, received);
}

void Client::handle(const Request& r, const std::shared_ptr<Outbox>& self, time_point received) {
    if (const auto* h = std::get_if<protocol::Hello>(&r.body)) {
        hello(r, *h, self);
        return;
    }
    if (!guest_) {
        fail(self, r.id, code::kHelloRequired, "send hello first");
        return;
    }
    std::visit(
        [&](const auto& body) {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, protocol::PracticeStart>) {
                practice_start(r, body, self);
            } else if constexpr (std::is_same_v<T, protocol::Ping>) {
                self->send(make_message(protocol::encode_pong(r.id)));
            } else if constexpr (std::is_same_v<T, protocol::SnapshotRequest>) {
                if (auto room = own_game(r, body.game, self)) {
                    asio::post(room->executor(), [room, self, re = r.id] {
                        room->snapshot(re, self);
                    });
                }
            } else if constexpr (!std::is_same_v<T, protocol::Hello>) {
                engine::Action action;
                if constexpr (std::is_same_v<T, protocol::PlayRequest>) {
                    action = engine::Action::play(body.pile - 1, body.pins);
                } else if constexpr (std::is_same_v<T, protocol::StopRequest>) {
                    action = engine::Action::stop();
                } else {
                    action = engine::Action::resign();
                }
                if (auto room = own_game(r, body.game, self)) {
                    asio::post(room->executor(), [room, self, action, re = r.id, received] {
                        room->act(action, re, self, received);
                    });
                }
            }
        },
        r.body);
}

void Client::hello(const Request& r, const protocol::Hello& h,
                   const std::shared_ptr<Outbox>& self) {
    if (guest_) {
        fail(self, r.id, code::kWrongPhase, "hello was already received");
        return;
    }
    if (h.version != protocol::kProtocolVersion) {
        fail(self, r.id, code::kUnsupportedVersion, "this server speaks protocol version 1");
        return;
    }
    protocol::Welcome w;
    w.server = services_.server_name;
    w.time = format_rfc3339(services_.clock.now());
    if (h.guest) {
        const auto id = services_.registry.find_guest(*h.guest);
        if (!id) {
            fail(self, r.id, code::kUnknownGuest, "unknown guest token; send hello without one");
            return;
        }
        guest_ = *id;
        w.guest = *h.guest;
    } else {
        auto [id, token] = services_.registry.new_guest();
        guest_ = id;
        w.guest = std::move(token);
    }
    for (const auto id : services_.registry.games_of(*guest_)) {
        if (auto room = services_.registry.find_game(id); room && !room->finished()) {
            w.games.push_back(id);
        }
    }
    self->send(make_message(protocol::encode_welcome(r.id, w)));
}

void Client::practice_start(const Request& r, const protocol::PracticeStart& p,
                            const std::shared_ptr<Outbox>& self) {
    const engine::Seed seed = p.seed ? *p.seed : random_seed();
    auto room = services_.registry.create_game(*guest_, p.ruleset, seed);
    if (!room) {
        fail(self, r.id, code::kServerBusy, "too many games in progress; try again later");
        return;
    }
    asio::post(room->executor(), [room, self, re = r.id] { room->snapshot(re, self); });
}

std::shared_ptr<GameRoom> Client::own_game(const Request& r, protocol::GameId id,
                                           const std::shared_ptr<Outbox>& self) {
    auto room = services_.registry.find_game(id);
    if (!room) {
        fail(self, r.id, code::kUnknownGame, "no game with that id");
        return nullptr;
    }
    if (room->owner() != *guest_) {
        fail(self, r.id, code::kNotYourGame, "that game belongs to another player");
        return nullptr;
    }
    return room;
}

}  // namespace pinfall::server
