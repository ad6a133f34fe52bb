// The interactive game: draws the table, reads one command a line (input.hpp), sends it and
// shows what happened, until the game ends or the player leaves. Input is read with
// std::getline only, so a pipe or a terminal multiplexer can drive it.
// Not thread-safe (uses the session and the streams it is given).
#pragma once

#include <iosfwd>
#include <string>

#include "client/game_state.hpp"
#include "client/session.hpp"

namespace pinfall::cli {

struct PlayIo {
    std::istream& in;
    std::ostream& out;
    bool echo = false;  // repeat each line read after the prompt (input that is not a terminal)
    std::string date;   // the share line's date, YYYY-MM-DD
    // How to come back to a game left open ("" : `pinfall play --resume N`).
    std::string resume_hint;
};

// Plays t (a snapshot just received on session) to the end. Returns 0 once the game is over
// (the summary and share line printed) or the player quit / input ended (the game stays open
// and the way back is printed). A broken connection is reopened once per action and the table
// resynchronised by snapshot; an action the server had already applied is not sent again. A
// refusal saying the game is over (its clock ran out) resynchronises too, which ends it.
// *over, when given, tells whether the game ended (else it was left open). Throws
// ConnectionError / ServerError when that fails.
int play_game(Session& session, Table t, PlayIo io, bool* over = nullptr);

}  // namespace pinfall::cli
