#include "server/app/core/connection.hpp"

#include <algorithm>
#include <iterator>

#include "protocol/encode.hpp"
#include "server/app/core/error_codes.hpp"

namespace pinfall::server {

std::string Connection::owner_key() const {
    return player ? "p:" + std::to_string(player->id) : "g:" + std::to_string(*guest);
}

void Connection::fail(const std::shared_ptr<Outbox>& self, protocol::Re re, std::string_view code,
                      std::string_view message) const {
    ground_.metrics.reject(code);
    self->send(make_message(protocol::encode_error(re, code, message)));
}

ReplyFn Connection::send_to(const std::shared_ptr<Outbox>& self) {
    return [self](Reply reply) { self->send(make_message(std::move(reply.text))); };
}

bool Connection::within_budget(AddressBudgets::Kind kind, protocol::Re re,
                               const std::shared_ptr<Outbox>& self, bool address_only) const {
    auto& budgets = ground_.budgets;
    const bool ok = address_only ? budgets.take(kind, address_key_)
                                 : budgets.take_both(kind, address_key_, owner_key());
    if (ok) return true;
    static constexpr const char* kWhat[] = {"new guests", "games started", "lanes opened",
                                            "lane codes of no lane", "password attempts",
                                            "follows and blocks"};
    static_assert(std::size(kWhat) == AddressBudgets::kKinds, "a word for every budget");
    const auto wait = std::max(budgets.retry_after_s(kind, address_key_),
                               address_only ? 0 : budgets.retry_after_s(kind, owner_key()));
    fail(self, re, code::kOverBudget,
         std::string("too many ") + kWhat[kind] + " from here; try again in " +
             std::to_string(std::max<std::int64_t>(1, wait)) + " s");
    return false;
}

}  // namespace pinfall::server
