// Text for `pinfall arena` (docs/protocol.md "Arenas"): the list of arenas, one arena's head,
// a finished game's points against par, the standings, and the end (podium, each game's seed
// and how to verify it). Pure functions of the messages and the server's time they are given
// (no I/O, no clock); every block ends with a newline and no line has trailing spaces.
// Thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "client/game_state.hpp"

namespace pinfall::cli {

// Milliseconds since the Unix epoch of an RFC 3339 UTC time ("2026-11-29T12:00:00.000Z", the
// fraction optional); nullopt for anything else.
std::optional<std::int64_t> parse_utc_ms(std::string_view text);

// "9:54", "1:02:03", "2 days 3:04:05" for a span (0 and below: "0:00").
std::string countdown_text(std::int64_t ms);

// An `arena_list` reply: live, coming and finished arenas, one line each with id, name,
// players and when (a countdown from now_ms), and its settings below.
std::string render_arena_list(const Json& list, std::int64_t now_ms);

// An `arena` reply's head: "Arena 1: <name> (live)", the settings, the times, and whether the
// asker is in.
std::string render_arena_head(const Json& detail, std::int64_t now_ms);

// One of the `games` of an `arena` reply (or an `arena_points` push's game), finished:
// "Game 2: 187 against par 214 (87.4% of par): 3 points" with " (doubled)" / "+1 berserk".
std::string render_arena_points(const Json& game);

// The standings of an `arena` reply: rank, name, points, games, % of par, the asker's line
// marked ("*") and pinned below when not among them, and how many play.
std::string render_arena_standings(const Json& detail);

// After the end: the podium (the top three of the standings) and each of the asker's games with
// its revealed seed and the command that verifies it.
std::string render_arena_end(const Json& detail);

}  // namespace pinfall::cli
