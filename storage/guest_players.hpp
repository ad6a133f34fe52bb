// A guest's ranked identity (schema version 9; docs/rules.md "Guests and the daily"): a player
// row made the first time a guest plays the daily, named "guest-xxxx", with no token anyone
// knows, linked to the guest. Registering from that guest claims it: the same player row
// takes the chosen name and a token, so its games, results and streak stay where they are.
//
// Free functions over a Store, each a few statements prepared per call (they run once per
// guest's first daily and once per registration, never on a hot path). Like Store: one thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/records.hpp"
#include "storage/status.hpp"
#include "storage/store.hpp"

namespace pinfall::storage {

struct GuestPlayer {
    PlayerRow player;
    bool claimed = false;  // the guest registered: the player is an account now
};

// The player linked to the guest, if any. Errors show as nullopt with *status set.
std::optional<GuestPlayer> guest_player(Store& store, std::int64_t guest, Status* status);

// The guest's unclaimed player, made when missing under the first of `names` whose name key
// (the name itself: generated names are lower case) no player has, with token_hash (a hash of
// a token nobody is given). Returns conflict when the guest's player is claimed (it is an
// account: log in), or when every name is taken.
Status ensure_guest_player(Store& store, std::int64_t guest, const std::vector<std::string>& names,
                           const std::string& token_hash, Millis now, GuestPlayer* out);

// Registration from a guest: the guest's unclaimed player becomes the account (renamed, given
// token_hash) or, when the guest has none, a new player is made and linked; either way the
// link is marked claimed and the guest's finished games played as a guest (practice games)
// move to the player. A guest whose link is claimed already (a second registration) just gets
// a new player, unlinked. Sets *id. Returns conflict when another player has name_key.
Status register_from_guest(Store& store, std::int64_t guest, const std::string& name,
                           const std::string& name_key, const std::string& token_hash, Millis now,
                           PlayerId* id);

}  // namespace pinfall::storage
