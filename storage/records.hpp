// The rows storage keeps, in engine terms (never JSON field names: docs/style.md habit 6).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/action.hpp"
#include "engine/ruleset.hpp"
#include "engine/seed.hpp"

namespace pinfall::storage {

using PlayerId = std::int64_t;
using GameRowId = std::int64_t;
using Millis = std::int64_t;  // Unix time in milliseconds

struct PlayerRow {
    PlayerId id = 0;
    std::string name;
    Millis created_at = 0;
};

enum class GameMode { kPractice, kDaily, kLeague, kArena };
const char* mode_name(GameMode m);  // "practice", "daily", "league", "arena"
// The mode of its name; nullopt for any other text.
std::optional<GameMode> parse_mode(std::string_view name);

// The state of a ranked result (issue 27, storage/integrity.hpp; games.review, schema 11).
enum class ReviewState { kClean, kReview, kCleared, kDisqualified };
const char* review_state_name(ReviewState s);  // "clean", "review", "cleared", "disqualified"
std::optional<ReviewState> parse_review_state(std::string_view name);
// Shown on the boards: clean and cleared.
inline bool on_boards(ReviewState s) {
    return s == ReviewState::kClean || s == ReviewState::kCleared;
}

struct GameRow {
    GameRowId id = 0;
    std::optional<PlayerId> player;  // absent: a guest's practice game
    std::optional<std::int64_t> guest;  // the guest who started it, if any
    GameMode mode = GameMode::kPractice;
    engine::Ruleset ruleset = engine::Ruleset::kSackson;
    engine::Seed seed{};
    std::string day;  // daily: "YYYY-MM-DD"; empty otherwise
    std::optional<std::int64_t> league;  // league games: league, round and game (from 1)
    int league_round = 0;
    int league_game = 0;
    Millis started_at = 0;
    std::optional<Millis> finished_at;
    std::vector<engine::Action> actions;
    std::optional<std::string> stored_record;  // set when the actions were stored as one text
    int score = 0;
    int strikes = 0;
    int spares = 0;
    bool resigned = false;
    std::optional<int> par;  // stored once computed (practice: at the end; ranked: at the reveal)
    // Where a ranked game was started from: opaque keyed hashes the server makes of the
    // address and of the browser (linked identities, storage/integrity.hpp); none: unknown.
    std::optional<std::string> origin_address, origin_browser;
    ReviewState review = ReviewState::kClean;  // read back; a new game is always clean
    // Arena games (schema 12, storage/arenas.hpp): the arena, the player's game number n in
    // it (from 1), berserk, and the points once finished (ArenaStore::set_points).
    std::optional<std::int64_t> arena;
    int arena_n = 0;
    bool arena_berserk = false;
    std::optional<int> arena_points;
    // Not stored: when an arena game must end (its clock, or the arena's end and grace), set by
    // the server when it starts one, for the player's snapshot.
    std::optional<Millis> arena_deadline;
};

struct GuestRow {
    std::int64_t id = 0;
    std::string token_hash;
};

// One finished daily attempt, as leaderboards need it.
struct DailyResult {
    GameRowId game = 0;
    PlayerId player = 0;
    std::string name;
    std::string day;
    int score = 0;
    int strikes = 0;
    int spares = 0;
    Millis finished_at = 0;
};

// A finished game of a player, as profiles need it.
struct PlayedGame {
    GameRowId game = 0;
    GameMode mode = GameMode::kPractice;
    std::string day;
    int score = 0;
    int strikes = 0;
    int spares = 0;
    Millis finished_at = 0;
    std::optional<int> par;
    ReviewState review = ReviewState::kClean;
};

// A player's ranked games over a period, for the best-average board.
struct PlayerTotals {
    PlayerId player = 0;
    std::string name;
    int games = 0;
    std::int64_t pins = 0;
};

}  // namespace pinfall::storage
