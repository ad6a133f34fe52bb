// Legal first plays against tests/vectors/first-plays.txt (an independent implementation).
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/view.hpp"

using namespace pinfall::engine;

TEST_CASE("every legal first play of 40 racks under both rulesets") {
    std::ifstream in(PINFALL_VECTORS_DIR "/first-plays.txt");
    REQUIRE(in.good());
    int checked = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string hex, ruleset_name, bar;
        fields >> hex >> ruleset_name >> bar;
        std::vector<std::string> expected;
        for (std::string t; fields >> t;) {
            if (t != "(none)") expected.push_back(t);  // a rack with no legal first play
        }
        const auto seed = parse_seed_hex(hex);
        const auto ruleset = parse_ruleset(ruleset_name);
        REQUIRE(seed);
        REQUIRE(ruleset);
        const Rack rack(deal_from_seed(*seed, 0));
        std::vector<std::string> got;
        for (const Play& p : list_plays({rack.legal(0, *ruleset), rack.legal(1, *ruleset),
                                         rack.legal(2, *ruleset)})) {
            got.push_back(play_text(p));
        }
        std::sort(expected.begin(), expected.end());
        std::sort(got.begin(), got.end());
        INFO(line);
        CHECK(got == expected);
        ++checked;
    }
    CHECK(checked == 80);
}
