// Server messages of the coach (docs/protocol.md "Hints and reviews"): `hint` and `review`, and
// their encoders. Expected scores are written with one decimal. Pure functions; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "protocol/encode.hpp"

namespace pinfall::protocol {

struct HintPlay {
    std::string action;  // one record-notation token: "1:2,3,5", or "s" to stop
    double expected = 0;  // expected final score after it
};

struct HintReply {
    GameId game = 0;
    std::vector<HintPlay> plays;  // best first
};

struct ReviewedMove {
    int index = 0;  // the action's index in the record, from 0
    int frame = 0;
    int ball = 0;
    std::string played;  // record-notation token of the player's action
    std::string best;    // the coach's
    double expected_played = 0;  // expected final score after the player's action
    double expected_best = 0;
    double loss = 0;   // expected_best - expected_played
    std::string mark;  // "", "?!", "?", "??"
};

struct ReviewReply {
    GameId game = 0;
    std::string ruleset;
    int score = 0;
    int par = 0;
    std::string par_line;  // the best line as a record
    double start = 0;      // the coach's expected score at the first decision
    double cost = 0;
    double luck = 0;
    int engine = 0;  // the coach's own score on these deals
    std::vector<ReviewedMove> moves;
};

std::string encode_hint(Re re, const HintReply& m);
std::string encode_review(Re re, const ReviewReply& m);

}  // namespace pinfall::protocol
