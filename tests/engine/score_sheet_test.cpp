// ScoreSheet: ten-pin scoring, marks and frame totals on whole games (perfect, gutter, spares,
// nines), every path of frame 10, when totals become known, score() with rolls still to come,
// and a 6-pin rack.
#include <catch2/catch.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/score_sheet.hpp"

using pinfall::engine::ScoreSheet;

namespace {

ScoreSheet sheet_of(const std::vector<int>& rolls, int rack = 10) {
    ScoreSheet s(rack);
    for (const int r : rolls) {
        INFO("roll " << r << " standing " << s.standing());
        REQUIRE_FALSE(s.complete());
        REQUIRE(r <= s.standing());
        s.add(r);
    }
    return s;
}

std::vector<int> repeat(int n, std::vector<int> part) {
    std::vector<int> out;
    for (int i = 0; i < n; ++i) out.insert(out.end(), part.begin(), part.end());
    return out;
}

std::vector<int> join(std::vector<int> a, const std::vector<int>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

}  // namespace

TEST_CASE("whole games: perfect, gutter, all spares, nine-and-miss") {
    struct Row {
        const char* what;
        std::vector<int> rolls;
        int score;
        const char* mark;  // frames 1-9
        const char* mark10;
    };
    const std::vector<Row> rows = {
        {"perfect game", repeat(12, {10}), 300, "X", "XXX"},
        {"gutter game", repeat(20, {0}), 0, "--", "--"},
        {"5/ in every frame", repeat(21, {5}), 150, "5/", "5/5"},
        {"9- in every frame", repeat(10, {9, 0}), 90, "9-", "9-"},
        {"-/ in every frame, bonus 0", join(repeat(10, {0, 10}), {0}), 100, "-/", "-/-"},
    };
    for (const Row& r : rows) {
        INFO(r.what);
        const ScoreSheet s = sheet_of(r.rolls);
        CHECK(s.complete());
        CHECK(s.score() == r.score);
        CHECK(s.frame_total(10) == std::optional<int>(r.score));
        for (int f = 1; f <= 9; ++f) CHECK(s.marks(f) == r.mark);
        CHECK(s.marks(10) == r.mark10);
        CHECK(s.roll_count() == static_cast<int>(r.rolls.size()));
    }
    const ScoreSheet perfect = sheet_of(repeat(12, {10}));
    for (int f = 1; f <= 10; ++f) CHECK(perfect.frame_total(f) == std::optional<int>(30 * f));
}

TEST_CASE("a mixed game: X 7/ 9- X -8 8/ -6 X X X81 = 167") {
    const ScoreSheet s = sheet_of({10, 7, 3, 9, 0, 10, 0, 8, 8, 2, 0, 6, 10, 10, 10, 8, 1});
    REQUIRE(s.complete());
    const std::vector<int> totals = {20, 39, 48, 66, 74, 84, 90, 120, 148, 167};
    const std::vector<std::string> marks = {"X",  "7/", "9-", "X", "-8",
                                            "8/", "-6", "X",  "X", "X81"};
    for (int f = 1; f <= 10; ++f) {
        INFO("frame " << f);
        CHECK(s.frame_total(f) == std::optional<int>(totals[f - 1]));
        CHECK(s.marks(f) == marks[f - 1]);
        CHECK(s.frame_complete(f));
    }
    CHECK(s.score() == 167);
    CHECK(s.frame_start(2) == 1);
    CHECK(s.frame_start(10) == 14);
    CHECK(s.frame_roll_count(1) == 1);
    CHECK(s.frame_roll_count(2) == 2);
    CHECK(s.frame_roll_count(10) == 3);
}

TEST_CASE("frame 10, every path") {
    struct Row {
        std::vector<int> tenth;
        int score;
        const char* marks;
        std::vector<int> standing;  // before each roll of frame 10
    };
    const std::vector<Row> rows = {
        {{10, 10, 10}, 30, "XXX", {10, 10, 10}}, {{10, 7, 3}, 20, "X7/", {10, 10, 3}},
        {{10, 7, 2}, 19, "X72", {10, 10, 3}},    {{7, 3, 10}, 20, "7/X", {10, 3, 10}},
        {{7, 3, 3}, 13, "7/3", {10, 3, 10}},     {{7, 2}, 9, "72", {10, 3}},
        {{0, 10, 5}, 15, "-/5", {10, 10, 10}},   {{10, 0, 10}, 20, "X-/", {10, 10, 10}},
        {{10, 10, 0}, 20, "XX-", {10, 10, 10}},  {{0, 0}, 0, "--", {10, 10}},
    };
    for (const Row& r : rows) {
        INFO("frame 10: " << r.marks);
        ScoreSheet s = sheet_of(repeat(9, {0, 0}));
        REQUIRE(s.frame() == 10);
        for (std::size_t i = 0; i < r.tenth.size(); ++i) {
            REQUIRE_FALSE(s.complete());
            CHECK(s.frame() == 10);
            CHECK(s.ball() == static_cast<int>(i) + 1);
            CHECK(s.standing() == r.standing[i]);
            CHECK_FALSE(s.frame_total(10));
            s.add(r.tenth[i]);
        }
        CHECK(s.complete());  // "7 2" ends the game with no third ball
        CHECK(s.score() == r.score);
        CHECK(s.frame_total(10) == std::optional<int>(r.score));
        CHECK(s.marks(10) == r.marks);
        CHECK(s.frame_roll_count(10) == static_cast<int>(r.tenth.size()));
    }
}

TEST_CASE("frame totals wait for bonus rolls, score() counts missing rolls as 0") {
    ScoreSheet s;
    s.add(10);  // strike in frame 1
    CHECK(s.frame() == 2);
    CHECK_FALSE(s.frame_total(1));
    CHECK(s.score() == 10);
    s.add(3);
    CHECK_FALSE(s.frame_total(1));
    CHECK_FALSE(s.frame_total(2));
    CHECK(s.score() == 16);  // 10 + 3 + (0) for frame 1, 3 for frame 2
    CHECK(s.ball() == 2);
    CHECK(s.standing() == 7);
    s.add(4);
    CHECK(s.frame_total(1) == std::optional<int>(17));
    CHECK(s.frame_total(2) == std::optional<int>(24));
    CHECK(s.score() == 24);
    s.add(7);
    s.add(3);  // spare in frame 3
    CHECK_FALSE(s.frame_total(3));
    CHECK(s.score() == 34);
    CHECK(s.marks(3) == "7/");
    s.add(5);
    CHECK(s.frame_total(3) == std::optional<int>(39));
    CHECK_FALSE(s.frame_total(4));  // frame 4 is still in play
    CHECK(s.score() == 44);
    s.add(2);  // open frame: known at once
    CHECK(s.frame_total(4) == std::optional<int>(46));
    CHECK(s.score() == 46);
    CHECK(s.marks(4) == "52");
    CHECK(s.marks(5).empty());
    CHECK_FALSE(s.complete());
}

TEST_CASE("a strike run scores as its rolls arrive") {
    ScoreSheet s = sheet_of({10, 10});
    CHECK_FALSE(s.frame_total(1));
    CHECK(s.score() == 30);  // 10 + 10 + (0), then 10 + (0) + (0)
    s.add(10);
    CHECK(s.frame_total(1) == std::optional<int>(30));
    CHECK_FALSE(s.frame_total(2));
    CHECK(s.score() == 60);
    s.add(0);
    s.add(0);
    CHECK(s.frame_total(3) == std::optional<int>(60));
    CHECK(s.score() == 60);
    CHECK(s.marks(4) == "--");
}

TEST_CASE("0 then 10 is marked - then /") {
    const ScoreSheet s = sheet_of({0, 10, 4, 0});
    CHECK(s.marks(1) == "-/");
    CHECK(s.marks(2) == "4-");
    CHECK(s.frame_total(1) == std::optional<int>(14));
    CHECK(s.score() == 18);
}

TEST_CASE("a 6-pin rack: strike and spare at 6, perfect game 180") {
    const ScoreSheet perfect = sheet_of(repeat(12, {6}), 6);
    CHECK(perfect.rack_size() == 6);
    CHECK(perfect.complete());
    CHECK(perfect.score() == 180);
    CHECK(perfect.marks(1) == "X");
    CHECK(perfect.marks(10) == "XXX");
    for (int f = 1; f <= 10; ++f) CHECK(perfect.frame_total(f) == std::optional<int>(18 * f));

    ScoreSheet s(6);
    CHECK(s.standing() == 6);
    s.add(4);
    CHECK(s.standing() == 2);
    s.add(2);
    CHECK(s.marks(1) == "4/");
    s.add(6);
    CHECK(s.frame_total(1) == std::optional<int>(12));
    CHECK(s.marks(2) == "X");
    s.add(0);
    s.add(6);
    CHECK(s.marks(3) == "-/");
    CHECK(s.frame_total(2) == std::optional<int>(24));

    const ScoreSheet spares = sheet_of(repeat(21, {3}), 6);
    CHECK(spares.score() == 90);
    CHECK(spares.marks(10) == "3/3");
    const ScoreSheet tenth = sheet_of(join(repeat(9, {0, 0}), {6, 5, 1}), 6);
    CHECK(tenth.marks(10) == "X5/");
    CHECK(tenth.score() == 12);
}

TEST_CASE("frame_totals after every roll of random games: a known prefix, each total its frame's pins and bonus rolls") {
    // The reference here adds each frame's rolls by the rule itself (a strike adds the next two
    // rolls, a spare the next one), independently of ScoreSheet's own walk.
    std::uint32_t state = 12345;
    auto next = [&state](int n) {
        state = state * 1103515245u + 12345u;
        return static_cast<int>((state >> 16) % static_cast<std::uint32_t>(n));
    };
    for (int game = 0; game < 500; ++game) {
        ScoreSheet s;
        std::vector<int> rolls;
        while (!s.complete()) {
            const int r = next(3) == 0 ? s.standing() : next(s.standing() + 1);
            s.add(r);
            rolls.push_back(r);
            const auto totals = s.frame_totals();
            int total = 0;
            bool known = true;
            for (int f = 1; f <= 10; ++f) {
                INFO("game " << game << " frame " << f << " after " << rolls.size() << " rolls");
                const int start = s.frame_start(f);
                std::optional<int> expect;
                if (known && s.frame_complete(f)) {
                    const bool strike = rolls[start] == 10;
                    const bool spare = !strike && rolls[start] + rolls[start + 1] == 10;
                    const int count = f == 10 ? s.frame_roll_count(10) : (strike || spare) ? 3 : 2;
                    if (start + count <= static_cast<int>(rolls.size())) {
                        for (int i = start; i < start + count; ++i) total += rolls[i];
                        expect = total;
                    }
                }
                known = known && expect.has_value();
                CHECK(totals[f - 1] == expect);
                CHECK(s.frame_total(f) == expect);
            }
            if (s.complete()) CHECK(totals[9] == std::optional<int>(s.score()));
        }
    }
}
