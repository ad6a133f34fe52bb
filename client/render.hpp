// Text drawing for the terminal: the pin triangle, the ball piles, the score sheet, the legal
// plays, event narration, the game-over summary and share line, and the reports of
// `leaderboard` and `verify`. Pure functions of their arguments (no I/O, no clock); every
// returned block ends with a newline and no line has trailing spaces. Thread-safe.
#pragma once

#include <string>
#include <string_view>

#include "client/game_state.hpp"

namespace pinfall::cli {

// "Game 42 (practice, sackson): frame 1, ball 1, 3 pins down this ball"; "... : game over".
std::string render_status(const Table& t);

// The pins, back row first, each with its card or "." once down:
//    7 [8H ]   8 [10S]   9 [AH ]  10 [5H ]
//         4 [AS ]   5 [4S ]   6 [9H ]
//              2 [7S ]   3 [10H]
//                   1 [6S ]
std::string render_triangle(const Table& t);

// "Piles   1: 5S  +4 down   2: 6H  +2 down   3: 3H  +1 down" ("--  empty" for an empty pile).
std::string render_piles(const Table& t);

// The ten frames in boxes (marks; a strike in the right box of frames 1-9), running totals
// once known, and "Score N".
std::string render_sheet(const Table& t);

// The legal plays numbered from 1, four to a line, or a note that there is none.
std::string render_legal(const Table& t);

// Status, triangle, piles, sheet and legal plays, separated by blank lines.
std::string render_table(const Table& t);

// One line describing an event of an update ("Pile 1 (5S) knocks down 1 3 6; 7H turned up.").
std::string describe_event(const Json& event);

// The line a player shares, as the browser client writes it:
// "Pinfall 2026-11-29 sackson: 33 2 (resigned) = 8" (the frames bowled, their marks).
std::string share_line(const Table& t, std::string_view date);

// What a finished game shows: the final score and verdict, the share line, and the reveal
// (seed, record, every deal) when the game has one.
std::string render_game_over(const Table& t, std::string_view date);

// A `leaderboard` message as a table: rank, name, score, strikes, spares (daily and
// best_game), or rank, name, average, games (best_average); then the player's own line.
std::string render_leaderboard(const Json& board);

// A `verified` message, and the matching `stored_game` when given (seed and record).
std::string render_verified(const Json& verified, const Json* stored);

}  // namespace pinfall::cli
