// Fuzz target: real-lane score sheets (engine/lane_sheet.*, lane_game.*, rolloff.*). The input
// picks the ruleset and one to eight sides, then reports until it runs out: mostly the side
// whose turn it is with a count it could knock, sometimes any side with any count or a foul,
// sometimes an undo. Invariants: a report is accepted exactly when the phase, the turn and the
// pins standing allow it, and a refused one changes nothing; an undo gives back exactly the
// game before the last accepted report (the sheet's own undo too); the phase, the turn and the
// order of play agree with the sheets; the sheet reported on has frame totals equal to an
// independent scorer's over its rolls, a mark per roll, a running score that never falls or
// passes the perfect game, and, once complete, the scorer's final score. Every sheet, and the
// game against one rebuilt from its reports, every 16 steps and at the end.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/lane_game.hpp"
#include "fuzz_check.hpp"

namespace {

using namespace pinfall::engine;

// Cumulative totals of frames 1-10 from the rolls alone, by the textbook rules; nullopt for a
// frame whose own rolls or bonus rolls are not all in yet. Compact: two rolls a frame, each
// counting its pins, no bonus. Others: a strike (the full rack on a frame's first ball) adds
// the next two rolls, a spare (the rack in two) the next one; frame 10 has its bonus rolls.
std::array<std::optional<int>, kLaneFrames> model_totals(LaneRuleset ruleset,
                                                         const std::vector<int>& r) {
    const int rack = lane_rack_size(ruleset);
    const int n = static_cast<int>(r.size());
    std::array<std::optional<int>, kLaneFrames> out{};
    int total = 0;
    int i = 0;
    for (int f = 0; f < kLaneFrames; ++f) {
        int own = 0;     // rolls belonging to the frame
        int needed = 0;  // rolls its score adds up, from its first
        if (ruleset == LaneRuleset::kCompact) {
            own = needed = 2;
        } else if (i < n && r[i] == rack) {
            own = f == kLaneFrames - 1 ? 3 : 1;
            needed = 3;
        } else if (i + 1 < n && r[i] + r[i + 1] == rack) {
            own = f == kLaneFrames - 1 ? 3 : 2;
            needed = 3;
        } else {
            own = needed = 2;
        }
        if (i + std::max(own, needed) > n) break;
        for (int k = i; k < i + needed; ++k) total += r[k];
        out[f] = total;
        i += own;
    }
    return out;
}

void check_sheet(const LaneSheet& sheet) {
    const int count = sheet.roll_count();
    FUZZ_CHECK(count >= 0 && count <= kLaneMaxRolls);
    std::vector<int> rolls;
    int frame_rolls = 0;
    for (int i = 0; i < count; ++i) {
        const LaneRoll roll = sheet.roll(i);
        FUZZ_CHECK(roll.pins >= 0 && roll.pins <= sheet.rack_size());
        FUZZ_CHECK(!roll.foul || roll.pins == 0);
        rolls.push_back(roll.pins);
    }
    const auto model = model_totals(sheet.ruleset(), rolls);
    std::optional<int> previous = 0;
    for (int f = 1; f <= kLaneFrames; ++f) {
        frame_rolls += sheet.frame_roll_count(f);
        FUZZ_CHECK(static_cast<int>(sheet.marks(f).size()) == sheet.frame_roll_count(f));
        for (const char c : sheet.marks(f)) {
            FUZZ_CHECK(c == 'X' || c == '/' || c == 'F' || c == '-' || (c >= '1' && c <= '9'));
        }
        const auto total = sheet.frame_total(f);
        FUZZ_CHECK(total == model[f - 1]);
        // A frame's total is known only after the previous one's.
        FUZZ_CHECK(!total || (previous && *total >= *previous));
        previous = total;
    }
    FUZZ_CHECK(frame_rolls == count);
    const int running = sheet.running_score();
    FUZZ_CHECK(running >= 0 && running <= lane_perfect_score(sheet.ruleset()));
    const auto position = sheet.position();
    const LaneScoreResult final_score = sheet.final_score();
    FUZZ_CHECK(sheet.complete() == !position.has_value());
    FUZZ_CHECK(sheet.complete() == final_score.ok());
    if (sheet.complete()) {
        FUZZ_CHECK(sheet.standing() == 0);
        FUZZ_CHECK(model[kLaneFrames - 1].has_value());
        FUZZ_CHECK(final_score.score == *model[kLaneFrames - 1]);
        FUZZ_CHECK(final_score.score == running);
    } else {
        FUZZ_CHECK(position->frame >= 1 && position->frame <= kLaneFrames);
        FUZZ_CHECK(position->standing >= 1 && position->standing <= sheet.rack_size());
        FUZZ_CHECK(position->standing == sheet.standing());
        FUZZ_CHECK(position->ball >= 1 && position->ball <= 3);
        FUZZ_CHECK(position->ball < 3 || position->frame == kLaneFrames);
        FUZZ_CHECK(sheet.ruleset() != LaneRuleset::kCompact || position->ball <= 2);
        FUZZ_CHECK(!model[kLaneFrames - 1].has_value());
    }
}

// The phase, the turn and the order of play agree with the sheets; with every_sheet, each
// sheet is checked too and the game must equal one rebuilt from its reports (both cost in
// proportion to the whole game, so the loop below checks them only now and then).
void check_game(const LaneGame& game, bool every_sheet) {
    const LanePhase phase = game.phase();
    FUZZ_CHECK((phase == LanePhase::kRollOff) == !game.rolloff().done());
    FUZZ_CHECK((phase == LanePhase::kComplete) == !game.next_side().has_value());
    if (const auto side = game.next_side()) FUZZ_CHECK(*side >= 0 && *side < game.sides());
    bool all_complete = true;
    int lowest_frame = kLaneFrames + 1;
    for (int s = 0; s < game.sides(); ++s) {
        if (every_sheet) check_sheet(game.sheet(s));
        all_complete &= game.sheet(s).complete();
        if (const auto pos = game.sheet(s).position()) lowest_frame = std::min(lowest_frame, pos->frame);
        // Sheets are filled only after the roll-off.
        if (phase == LanePhase::kRollOff) FUZZ_CHECK(game.sheet(s).roll_count() == 0);
    }
    if (phase != LanePhase::kRollOff) {
        FUZZ_CHECK(all_complete == (phase == LanePhase::kComplete));
        const auto order = game.order();
        FUZZ_CHECK(order.has_value());
        auto sorted = *order;
        std::sort(sorted.begin(), sorted.end());
        for (int s = 0; s < game.sides(); ++s) FUZZ_CHECK(sorted[s] == s);
        if (phase == LanePhase::kPlay) {
            // The side to bowl is furthest behind.
            FUZZ_CHECK(game.next_position()->frame == lowest_frame);
        }
    } else {
        FUZZ_CHECK(!game.order().has_value());
        FUZZ_CHECK(!game.next_position().has_value());
        const auto group = game.rolloff().rolling_group();
        FUZZ_CHECK(group.size() >= 2);
        FUZZ_CHECK(std::find(group.begin(), group.end(), *game.next_side()) != group.end());
    }
    if (!every_sheet) return;
    // The game is its list of reports.
    LaneGame rebuilt(game.ruleset(), game.sides());
    for (const LaneReport& r : game.reports()) FUZZ_CHECK(!rebuilt.report(r.side, r.pins, r.foul));
    FUZZ_CHECK(rebuilt == game);
}

// Whether report(side, pins, foul) must be accepted, judged from the outside.
bool acceptable(const LaneGame& game, int side, int pins, bool foul) {
    if (game.phase() == LanePhase::kComplete) return false;
    if (side < 0 || side >= game.sides() || game.next_side() != side) return false;
    if (foul) return true;
    const int standing = game.phase() == LanePhase::kRollOff ? game.rolloff().rack_size()
                                                             : game.sheet(side).standing();
    return pins >= 0 && pins <= standing;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    const auto ruleset = static_cast<LaneRuleset>(in.ConsumeIntegralInRange(0, 2));
    const int sides = in.ConsumeIntegralInRange(1, kMaxLaneSides);
    LaneGame game(ruleset, sides);
    check_game(game, true);

    // history[i]: the game before its report i, so an undo must give back history.back().
    std::vector<LaneGame> history;
    int steps = 0;
    while (in.remaining_bytes() > 0 && steps++ < 400) {
        const int kind = in.ConsumeIntegralInRange(0, 15);
        if (kind == 15) {
            const LaneGame before = game;
            const bool undone = game.undo();
            FUZZ_CHECK(undone == !history.empty());
            if (undone) {
                FUZZ_CHECK(game == history.back());
                history.pop_back();
            } else {
                FUZZ_CHECK(game == before);
            }
            check_game(game, steps % 16 == 0);
            continue;
        }
        int side = 0, pins = 0;
        bool foul = false;
        if (kind < 12 && game.next_side()) {
            // The side whose turn it is, a count it could knock, now and then a foul.
            side = *game.next_side();
            const int standing = game.phase() == LanePhase::kRollOff
                                     ? game.rolloff().rack_size()
                                     : game.sheet(side).standing();
            // Rolls of the full rack or none are where the rules branch: make them common.
            const int pick = in.ConsumeIntegralInRange(0, standing + 2);
            pins = pick > standing ? (pick == standing + 1 ? standing : 0) : pick;
            foul = in.ConsumeIntegralInRange(0, 15) == 0;
        } else {
            side = in.ConsumeIntegralInRange(-1, kMaxLaneSides);
            pins = in.ConsumeBool() ? in.ConsumeIntegral<int>() : in.ConsumeIntegralInRange(-2, 12);
            foul = in.ConsumeBool();
        }
        const bool expected = acceptable(game, side, pins, foul);
        LaneGame before = game;
        const auto err = game.report(side, pins, foul);
        FUZZ_CHECK(expected == !err);
        if (err) {
            FUZZ_CHECK(game == before);
            continue;
        }
        FUZZ_CHECK(game.reports().size() == before.reports().size() + 1);
        FUZZ_CHECK(game.reports().back() == (LaneReport{side, foul ? 0 : pins, foul}));
        if (before.phase() == LanePhase::kPlay) {
            const LaneSheet& sheet = game.sheet(side);
            FUZZ_CHECK(sheet.running_score() >= before.sheet(side).running_score());
            FUZZ_CHECK(sheet.roll_count() == before.sheet(side).roll_count() + 1);
            check_sheet(sheet);
            // The sheet's own undo takes the roll back.
            LaneSheet undone = sheet;
            FUZZ_CHECK(undone.undo());
            FUZZ_CHECK(undone == before.sheet(side));
        }
        history.push_back(std::move(before));
        check_game(game, steps % 16 == 0);
    }
    check_game(game, true);
    if (!history.empty()) {
        LaneGame undone = game;
        FUZZ_CHECK(undone.undo());
        FUZZ_CHECK(undone == history.back());
    }
    return 0;
}
