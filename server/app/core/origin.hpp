// Where a ranked game is played from (issue 27, docs/integrity.md "Linked identities"): the
// connection's address (IPv4, or the /64 of IPv6: the budgets' key) and the browser key its
// hello gave, each stored as a keyed hash (HMAC-SHA256 under the server secret, 128 bits in
// hex): equal places compare equal, and the database never holds an address. Evidence for
// moderators only, never a verdict: a family behind one router shares an address.
//
// Thread-safety: REQUIRES the connection's strand (it reads the browser key).
#pragma once

#include <optional>
#include <string>

#include "engine/seed.hpp"
#include "server/app/core/connection.hpp"

namespace pinfall::server {

struct Origin {
    std::optional<std::string> address;
    std::optional<std::string> browser;
};

inline Origin origin_of(const Connection& c, const std::string& secret) {
    auto keyed = [&](const std::string& what) {
        return engine::seed_hex(engine::hmac_seed(secret, "pinfall/origin/" + what)).substr(0, 32);
    };
    Origin o;
    o.address = keyed(c.address_key());
    if (c.browser) o.browser = keyed("browser:" + *c.browser);
    return o;
}

}  // namespace pinfall::server
