// Records: the action notation, record_text/parse_record round trips, replay reproducing the
// same Game, a record with an illegal action (failed_index, error, state before it), and
// malformed records (the index of the bad token).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "engine/record.hpp"
#include "engine/view.hpp"
#include "test_util.hpp"

using namespace pinfall::test;

namespace {

const std::string kZeroHex(64, '0');

// A whole game by a fixed policy: the `pick`-th listed play (mod their number), a stop every
// `stop_every` actions. Keeps the state before each action in *history when given.
Game play_out(Ruleset r, const Seed& seed, int pick, int stop_every,
              std::vector<Game>* history = nullptr) {
    Game game(r, seed);
    for (int step = 0; !game.over(); ++step) {
        REQUIRE(step < 1000);
        if (history) history->push_back(game);
        const auto plays = list_plays(game.legal());
        REQUIRE_FALSE(plays.empty());
        if (step % stop_every == stop_every - 1) {
            ok(game, Action::stop());
            continue;
        }
        const Play& p = plays[static_cast<std::size_t>(pick + step) % plays.size()];
        std::vector<int> pins;
        for (int pin = 1; pin <= kPinCount; ++pin) {
            if (p.pins & pin_bit(pin)) pins.push_back(pin);
        }
        ok(game, Action::play(p.pile, pins));
    }
    return game;
}

}  // namespace

TEST_CASE("action notation") {
    CHECK(action_text(play(1, {1})) == "1:1");
    CHECK(action_text(play(3, {10, 9, 6})) == "3:10,9,6");  // pins as listed
    CHECK(action_text(Action::stop()) == "s");
    CHECK(action_text(Action::resign()) == "r");
    for (const char* token : {"1:1", "2:3,5", "3:10,9,6", "s", "r", "1:1,2,3,4"}) {
        const auto a = parse_action(token);
        INFO(token);
        REQUIRE(a);
        CHECK(action_text(*a) == token);
    }
    CHECK(parse_action("2:3,5") == play(2, {3, 5}));
    CHECK(parse_action("4:1") == play(4, {1}));  // parses; replay refuses it (bad_pile)
    for (const char* bad : {"", "x", "S", "1", "1:", ":1", "1:a", "a:1", "1:1,", "1:,1", "1:1,,2",
                            "123:1", "1:100", "1:1;2", "1:1,2,3,4,5,6,7,8,9,10,11"}) {
        INFO("token '" << bad << "'");
        CHECK_FALSE(parse_action(bad));
    }
}

TEST_CASE("a written record reads back") {
    const std::string text = "pinfall/1 strict " + kZeroHex + " 1:1,2 s 2:3,5 r";
    const auto record = parse_record(text);
    REQUIRE(record);
    CHECK(record->ruleset == Ruleset::kStrict);
    CHECK(record->seed == Seed{});
    CHECK(record->actions ==
          std::vector<Action>{play(1, {1, 2}), Action::stop(), play(2, {3, 5}), Action::resign()});
    CHECK(record_text(*record) == text);
    // Any whitespace separates tokens; the seed reads in either case and is written lowercase.
    const std::string upper = "pinfall/1  sackson\n" + std::string(64, 'A') + "\t s ";
    const auto loose = parse_record(upper);
    REQUIRE(loose);
    CHECK(record_text(*loose) == "pinfall/1 sackson " + std::string(64, 'a') + " s");
}

TEST_CASE("record_text, parse_record and replay reproduce whole games") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    for (int i = 0; i < 20; ++i) {
        const Seed seed = sha256("record-" + std::to_string(i));
        const Game game = play_out(r, seed, i, 3 + i % 5);
        REQUIRE(game.over());
        const Record record = record_of(game);
        CHECK(record.ruleset == r);
        CHECK(record.seed == seed);
        CHECK(record.actions == game.actions());
        const std::string text = record_text(record);
        const auto parsed = parse_record(text);
        REQUIRE(parsed);
        CHECK(*parsed == record);
        CHECK(record_text(*parsed) == text);
        const ReplayResult result = replay(*parsed);
        CHECK(result.ok());
        CHECK(result.failed_index == -1);
        CHECK_FALSE(result.error);
        CHECK(result.game == game);
        CHECK(result.game.score() == game.score());
        CHECK(view_of(result.game) == view_of(game));
    }
}

TEST_CASE("replay stops at the first illegal action") {
    const Seed seed = sha256("record-illegal");
    std::vector<Game> history;
    const Game game = play_out(Ruleset::kSackson, seed, 1, 4, &history);
    const Record good = record_of(game);
    REQUIRE(good.actions.size() > 10);
    struct Row {
        std::size_t at;
        Action bad;
        const char* code;
    };
    const std::vector<Row> rows = {
        {0, play(1, {11}), "bad_pin"},
        {5, play(4, {1}), "bad_pile"},
        {7, play(1, {1, 2, 3, 4}), "too_many_pins"},
        {good.actions.size(), Action::stop(), "game_over"},
    };
    for (const Row& row : rows) {
        INFO("insert at " << row.at << ": " << row.code);
        Record bad = good;
        bad.actions.insert(bad.actions.begin() + static_cast<std::ptrdiff_t>(row.at), row.bad);
        const auto parsed = parse_record(record_text(bad));
        REQUIRE(parsed);
        const ReplayResult result = replay(*parsed);
        CHECK_FALSE(result.ok());
        CHECK(result.failed_index == static_cast<int>(row.at));
        REQUIRE(result.error);
        CHECK(error_code_name(result.error->code) == row.code);
        const Game& expected = row.at < history.size() ? history[row.at] : game;
        CHECK(result.game == expected);
    }
    // A play of a pin already down, right after the play that knocked it.
    std::size_t k = 0;
    while (good.actions[k].kind != Action::Kind::kPlay) ++k;
    Record again = good;
    again.actions.insert(again.actions.begin() + static_cast<std::ptrdiff_t>(k) + 1,
                         good.actions[k]);
    const ReplayResult result = replay(again);
    CHECK(result.failed_index == static_cast<int>(k) + 1);
    REQUIRE(result.error);
    CHECK(result.error->code == ErrorCode::kPinNotStanding);
    CHECK(result.game == history[k + 1]);
}

TEST_CASE("a truncated record replays to the game in progress") {
    std::vector<Game> history;
    const Game game = play_out(Ruleset::kStrict, sha256("record-partial"), 2, 5, &history);
    Record partial = record_of(game);
    partial.actions.resize(9);
    const ReplayResult result = replay(partial);
    CHECK(result.ok());
    CHECK(result.game == history[9]);
    CHECK_FALSE(result.game.over());
}

TEST_CASE("malformed records report the bad token") {
    const std::string seed = " " + kZeroHex;
    const std::vector<std::pair<std::string, int>> rows = {
        {"", 0},
        {"pinfall/2 sackson" + seed, 0},
        {"sackson" + seed, 0},
        {"pinfall/1", 1},
        {"pinfall/1 sackson", 2},
        {"pinfall/1 bowling" + seed, 1},
        {"pinfall/1 sackson abc", 2},
        {"pinfall/1 sackson " + std::string(63, '0'), 2},
        {"pinfall/1 sackson " + std::string(64, 'g'), 2},
        {"pinfall/1 sackson" + seed + " 1:1 s x r", 5},
        {"pinfall/1 sackson" + seed + " 1:1 2:", 4},
        {"pinfall/1 strict" + seed + " s s 1:1,,2", 5},
        {"pinfall/1 strict" + seed + " 1:1,2,3,4,5,6,7,8,9,10,11", 3},
    };
    for (const auto& [text, token] : rows) {
        INFO("record '" << text << "'");
        RecordParseError error{-1, ""};
        CHECK_FALSE(parse_record(text, &error));
        CHECK(error.token == token);
        CHECK_FALSE(error.message.empty());
        CHECK_FALSE(parse_record(text));
    }
}
