// Game records: seed, ruleset and the accepted actions, in a compact text notation
// (docs/rules.md, "Record notation"):
//
//   pinfall/1 sackson <64 hex seed> 1:1,2 3:4 s 2:5,8 ... r
//
// A play is <pile 1-3>:<pins in any order, comma-separated>; `s` stops the ball; `r` resigns.
// Pure functions; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/action.hpp"
#include "engine/errors.hpp"
#include "engine/game.hpp"
#include "engine/ruleset.hpp"
#include "engine/seed.hpp"

namespace pinfall::engine {

struct Record {
    Ruleset ruleset = Ruleset::kSackson;
    Seed seed{};
    std::vector<Action> actions;
    bool operator==(const Record&) const = default;
};

Record record_of(const Game& game);

// One action in the notation ("2:3,5", "s", "r").
std::string action_text(const Action& a);
// Appends action_text(a) to out (records and stored games: no string an action).
void append_action_text(std::string& out, const Action& a);
// Parses one action token. Returns nullopt when it is not in the notation, a pile below 1
// ("0:1", "-1:1") included; range checks above that and on pins are the engine's: "4:1" parses
// and is rejected by replay as bad_pile. What parses, action_text writes back to a token that
// parses to the same Action.
std::optional<Action> parse_action(std::string_view token);

std::string record_text(const Record& record);

// The actions still in effect: every undone action and every undo removed (docs/rules.md
// "Take-backs"). An undo with nothing before it to undo is dropped too.
std::vector<Action> final_line(const std::vector<Action>& actions);

struct RecordParseError {
    int token;            // 0-based index of the offending whitespace-separated token
    std::string message;  // what is wrong with it
};
// Parses record_text's format; on failure returns the token that is wrong.
std::optional<Record> parse_record(std::string_view text, RecordParseError* error = nullptr);

struct ReplayResult {
    Game game;                   // the state after the last applied action
    int failed_index = -1;       // index of the first illegal action, or -1
    std::optional<Error> error;  // why it was refused
    bool ok() const { return failed_index < 0; }
};
// Replays the record from its seed; stops at the first illegal action.
ReplayResult replay(const Record& record);

}  // namespace pinfall::engine
