// What the player typed at the play prompt, as a value. Pure; thread-safe.
//
//   2 4 5 9   or  2:4,5,9   play: ball pile 2 knocks down pins 4, 5 and 9
//   7                       the legal play numbered 7 in the list
//   s / stop                stop the ball
//   h / help / ?            list the legal plays and these commands
//   r / resign              resign (the caller asks for confirmation)
//   c / coach / hint        the coach's best plays (practice games)
//   q / quit                leave; the game stays open on the server
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pinfall::cli {

struct Input {
    enum class Kind { kEmpty, kPlay, kPick, kStop, kHelp, kResign, kQuit, kInvalid, kHint };
    Kind kind = Kind::kEmpty;
    int pile = 0;           // kPlay: as typed (the server judges 1-3)
    std::vector<int> pins;  // kPlay: as typed, in order (the server judges them)
    int pick = 0;           // kPick: the play's number, from 1
    std::string why;        // kInvalid: what is wrong, in words
};

// Reads one line (case-insensitive words, numbers separated by spaces, commas or a colon).
// Numbers are passed on unjudged within -1000..1000 (the protocol's range); anything else is
// kInvalid with a reason.
Input parse_input(std::string_view line);

// The short help printed for `h`.
std::string input_help();

}  // namespace pinfall::cli
