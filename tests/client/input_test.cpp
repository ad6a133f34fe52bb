// What the play prompt makes of a line (table-driven).
#include "client/input.hpp"

#include <catch2/catch.hpp>

using namespace pinfall::cli;
using Kind = Input::Kind;

TEST_CASE("prompt lines") {
    struct Case {
        const char* line;
        Kind kind;
        int pile;
        std::vector<int> pins;
        int pick;
    };
    const std::vector<Case> cases = {
        {"", Kind::kEmpty, 0, {}, 0},
        {"   \t", Kind::kEmpty, 0, {}, 0},
        {"2 4 5 9", Kind::kPlay, 2, {4, 5, 9}, 0},
        {"2:4,5,9", Kind::kPlay, 2, {4, 5, 9}, 0},
        {" 1 : 3 , 6 \r", Kind::kPlay, 1, {3, 6}, 0},
        {"4 1", Kind::kPlay, 4, {1}, 0},                 // the server says bad_pile
        {"1 5 5", Kind::kPlay, 1, {5, 5}, 0},            // the server says duplicate_pin
        {"1 1 2 3 4", Kind::kPlay, 1, {1, 2, 3, 4}, 0},  // the server says too_many_pins
        {"1 0", Kind::kPlay, 1, {0}, 0},                 // the server says bad_pin
        {"7", Kind::kPick, 0, {}, 7},
        {"0", Kind::kPick, 0, {}, 0},
        {"s", Kind::kStop, 0, {}, 0},
        {"STOP", Kind::kStop, 0, {}, 0},
        {"h", Kind::kHelp, 0, {}, 0},
        {"?", Kind::kHelp, 0, {}, 0},
        {"r", Kind::kResign, 0, {}, 0},
        {"Resign", Kind::kResign, 0, {}, 0},
        {"q", Kind::kQuit, 0, {}, 0},
        {"quit", Kind::kQuit, 0, {}, 0},
        {"x", Kind::kInvalid, 0, {}, 0},
        {"1 two", Kind::kInvalid, 0, {}, 0},
        {"1 2.5", Kind::kInvalid, 0, {}, 0},
        {"1 99999", Kind::kInvalid, 0, {}, 0},
        {"500 1", Kind::kInvalid, 0, {}, 0},
        {"1 1 2 3 4 5 6 7 8 9 10 1", Kind::kInvalid, 0, {}, 0},
    };
    for (const auto& c : cases) {
        INFO("line: \"" << c.line << "\"");
        const Input in = parse_input(c.line);
        CHECK(in.kind == c.kind);
        if (c.kind == Kind::kPlay) {
            CHECK(in.pile == c.pile);
            CHECK(in.pins == c.pins);
        }
        if (c.kind == Kind::kPick) CHECK(in.pick == c.pick);
        if (c.kind == Kind::kInvalid) CHECK_FALSE(in.why.empty());
    }
}
