// Server messages of the Pinfall protocol as JSON text (docs/protocol.md), built without a DOM.
// Game content comes only from engine::View and engine events, which hold no hidden card; the
// encoders add nothing else. Pure functions; thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/deal.hpp"
#include "engine/events.hpp"
#include "engine/play_detail.hpp"
#include "engine/view.hpp"
#include "protocol/messages.hpp"

namespace pinfall::protocol {

using Re = std::optional<std::uint64_t>;  // the id of the request answered, if any

struct Welcome {
    int version = kProtocolVersion;
    std::string server;    // "pinfall/0.1.0"
    std::string time;      // server time, RFC 3339 UTC
    std::string guest;     // the guest token this connection acts as
    std::vector<GameId> games;  // this guest's unfinished games
};

// What a finished practice game reveals so the player can verify it.
struct Reveal {
    engine::Seed seed{};
    std::string record;                // engine record notation
    std::vector<engine::Deal> deals;   // deals 0..n-1 that the game used
};

// Identifies a game and its mode in game and update messages.
// Which league game a game is (docs/protocol.md "Leagues"): sent in its snapshots, with the
// commitment (SHA-256 of its seed, hex) published while the round is open.
struct LeagueGameRef {
    std::int64_t league = 0;
    int round = 0;
    int game = 0;
    std::string commitment;
};

// An arena game (docs/protocol.md "Arenas"): the arena, the player's game number, the seed's
// commitment, whether it is berserk, and when it must end (RFC 3339).
struct ArenaGameRef {
    std::int64_t arena = 0;
    int n = 0;
    std::string commitment;
    bool berserk = false;
    std::optional<std::string> deadline;  // null when not known (a game reloaded from storage)
};

struct GameRef {
    GameId id = 0;
    std::string_view mode;  // "practice"
    const LeagueGameRef* league = nullptr;  // league games only; snapshots write it
    const ArenaGameRef* arena = nullptr;    // arena games only; snapshots write it
};

std::string encode_welcome(Re re, const Welcome& w);
std::string encode_error(Re re, std::string_view code, std::string_view message);
std::string encode_pong(Re re);
// The error of a refused play: encode_error's four members (code: d.code's name) and `detail`,
// the broken rule with the pins and cards involved (docs/protocol.md "Illegal plays";
// protocol/play_error.cpp).
std::string encode_play_error(Re re, const engine::PlayDetail& d, std::string_view message);

// {"type":"game",...}: a full snapshot at `version` (the number of events so far).
std::string encode_snapshot(Re re, const GameRef& game, std::uint64_t version,
                            const engine::View& view, const Reveal* reveal);

// {"type":"update",...}: events numbered first_version, first_version+1, ...; `after` is the
// view once they are applied (legal plays, and the sheet after a ball ends).
std::string encode_update(Re re, const GameRef& game, std::uint64_t first_version,
                          std::span<const engine::Event> events, const engine::View& after,
                          const Reveal* reveal);

}  // namespace pinfall::protocol
