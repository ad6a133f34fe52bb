#include "server/app/front/dispatcher.hpp"

#include "protocol/encode.hpp"
#include "server/app/core/error_codes.hpp"
#include "server/app/front/hello.hpp"
#include "server/app/players/guest_book.hpp"
#include "server/app/players/sign_in.hpp"

namespace pinfall::server {

void Dispatcher::on_text(Connection& c, std::string_view text, const std::shared_ptr<Outbox>& self,
                         Received received) {
    auto decoded = protocol::decode_request(text, max_json_depth_);
    if (auto* err = std::get_if<protocol::DecodeError>(&decoded)) {
        return c.fail(self, err->id, err->code, err->message);
    }
    handle(c, std::get<protocol::Request>(decoded), self, received);
}

void Dispatcher::on_binary(Connection& c, const std::shared_ptr<Outbox>& self) {
    c.fail(self, std::nullopt, code::kBinaryFrame, "binary frames are not accepted; send JSON text");
}

void Dispatcher::on_rate_limited(Connection& c, const std::shared_ptr<Outbox>& self) {
    c.fail(self, std::nullopt, code::kRateLimited, "too many messages; slow down");
}

void Dispatcher::handle(Connection& c, const protocol::Request& r,
                        const std::shared_ptr<Outbox>& self, Received received) {
    if (const auto* h = std::get_if<protocol::Hello>(&r.body)) return hello_.hello(c, r, *h, self);
    if (!c.guest) return c.fail(self, r.id, code::kHelloRequired, "send hello first");
    if (!sign_in_.session_current(c, r, self)) return;
    if (std::holds_alternative<protocol::Ping>(r.body)) {
        return self->send(make_message(protocol::encode_pong(r.id)));
    }
    for (auto* handler : handlers_) {
        if (handler->handle(c, r, self, received)) return;
    }
    // A message the protocol decodes but no feature takes: a handler missing from the list
    // (tests/server_unit/front/dispatcher_test.cpp sends every kind); answered, never dropped.
    c.fail(self, r.id, protocol::code::kUnknownType, "no handler for this message type");
}

void Dispatcher::ended(Connection& c) {
    if (c.guest) guests_.release(*c.guest);
    sign_in_.release(c);
}

}  // namespace pinfall::server
