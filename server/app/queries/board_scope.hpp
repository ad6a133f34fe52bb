// A leaderboard's scope (docs/protocol.md "Scoped boards"): its name as the reply and the
// cursor carry it, and its players read from storage (the asker and those they follow, or a
// league's current members). Thread-safety: scope_members REQUIRES the storage thread.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "protocol/messages.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

// "" for the global scope, else its name as the request gave it ("friends", "league:12").
std::string scope_name(const protocol::BoardScope& s);

// The scope's players into *out: the asker and those they follow, or a league's current
// members. Returns a refusal's code ("unknown_league"; "not_member" unless public_view), or
// nullptr. REQUIRES: me for the friends scope.
const char* scope_members(storage::Store& st, const protocol::BoardScope& scope,
                          std::optional<storage::PlayerId> me, bool public_view,
                          std::vector<std::int64_t>* out);

// The words of a scope_members refusal.
std::string refusal_message(const char* refusal);

}  // namespace pinfall::server
