// Fuzz target: a game of Bowling Solitaire (engine/game.*, rack.*, record.*, view.*) driven by
// the input: 32 seed bytes, the ruleset, then actions until the input runs out, each one of
// choose a listed legal play, play anything (any pile, 0-11 pins of any number), stop, resign.
// Invariants, after every step: the legal-play list and the validator agree (each of the 3 x 64
// pile and group pairs is accepted by Rack::check_play exactly when it is listed, and an
// arbitrary play is accepted by Game::apply exactly when it names a listed play); a refused
// action leaves the game == its copy; the game's own invariants hold; it is over or has a legal
// play waiting; the score never falls. At the end: the record replays to an equal game, also on
// deals dealt ahead; the record's text parses back to the record.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <variant>
#include <vector>

#include "engine/game.hpp"
#include "engine/record.hpp"
#include "engine/view.hpp"
#include "fuzz_check.hpp"

namespace {

using namespace pinfall::engine;

std::vector<int> pins_of(PinMask m) {
    std::vector<int> out;
    for (int p = 1; p <= kPinCount; ++p) {
        if (m & pin_bit(p)) out.push_back(p);
    }
    return out;
}

// The pins of each of the 64 groups, listed once: every step checks all of them.
struct GroupPins {
    std::array<int, 3> pins{};
    std::size_t count = 0;
};
const std::array<GroupPins, kGroupCount>& group_pins() {
    static const auto table = [] {
        std::array<GroupPins, kGroupCount> t{};
        for (int g = 0; g < kGroupCount; ++g) {
            for (const int p : pins_of(kGroups[g])) t[g].pins[t[g].count++] = p;
        }
        return t;
    }();
    return table;
}

// What check_play must accept, judged without it: a pile 0-2, 1-3 distinct pins 1-10 that form
// a group listed as legal for that pile.
bool listed(const std::array<GroupSet, kPileCount>& legal, const Action& a) {
    if (a.kind != Action::Kind::kPlay || a.pile >= kPileCount) return false;
    const auto pins = a.listed_pins();
    if (pins.empty() || pins.size() > 3) return false;
    PinMask m = 0;
    for (const int p : pins) {
        if (p < 1 || p > kPinCount || (m & pin_bit(p))) return false;
        m |= pin_bit(p);
    }
    const int g = group_index(m);
    return g >= 0 && (legal[a.pile] >> g & 1);
}

void check_legal_list(const Game& game) {
    const auto legal = game.legal();
    if (game.over()) {
        FUZZ_CHECK(legal[0] == 0 && legal[1] == 0 && legal[2] == 0);
        return;
    }
    FUZZ_CHECK((legal[0] | legal[1] | legal[2]) != 0);
    const auto plays = list_plays(legal);
    std::size_t accepted = 0;
    for (int pile = 0; pile < kPileCount; ++pile) {
        for (int g = 0; g < kGroupCount; ++g) {
            const GroupPins& group = group_pins()[g];
            const std::span<const int> pins(group.pins.data(), group.count);
            PinMask mask = 0;
            const auto err = game.rack().check_play(pile, pins, game.ruleset(), &mask);
            const bool is_listed = legal[pile] >> g & 1;
            FUZZ_CHECK(is_listed == !err);
            if (!err) {
                FUZZ_CHECK(mask == kGroups[g]);
                ++accepted;
            }
        }
    }
    FUZZ_CHECK(accepted == plays.size());
    const View view = view_of(game);
    FUZZ_CHECK(view.legal == legal);
}

Action next_action(FuzzedDataProvider& in, const Game& game) {
    // Mostly listed plays, so that games reach their later frames.
    const int kind = in.ConsumeIntegralInRange(0, 15);
    if (kind < 10) {
        const auto plays = list_plays(game.legal());
        if (!plays.empty()) {
            const auto& play = plays[in.ConsumeIntegralInRange<std::size_t>(0, plays.size() - 1)];
            auto pins = pins_of(play.pins);
            // Pins in any order name the same play.
            if (in.ConsumeBool()) std::reverse(pins.begin(), pins.end());
            return Action::play(play.pile, pins);
        }
        return Action::stop();
    }
    if (kind < 13) {
        const int pile = in.ConsumeIntegralInRange(-2, 4);
        std::vector<int> pins(in.ConsumeIntegralInRange(0, 11));
        for (int& p : pins) p = in.ConsumeIntegralInRange(-1, 11);
        return Action::play(pile, pins);
    }
    if (kind < 15) return Action::stop();
    return Action::resign();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    Seed seed{};
    const auto seed_bytes = in.ConsumeBytes<std::uint8_t>(seed.size());
    std::copy(seed_bytes.begin(), seed_bytes.end(), seed.begin());
    const Ruleset ruleset = in.ConsumeBool() ? Ruleset::kStrict : Ruleset::kSackson;

    Events events;
    Game game(ruleset, seed, &events);
    FUZZ_CHECK(game.invariants_hold());
    FUZZ_CHECK(!events.empty() && std::holds_alternative<DealEvent>(events.front()));
    check_legal_list(game);

    // Beyond the end a game answers game_over; a few actions after it are enough.
    int after_end = 0;
    while (in.remaining_bytes() > 0 && after_end < 3) {
        const Action action = next_action(in, game);
        const Game before = game;
        const bool expect_ok = !before.over() && (action.kind != Action::Kind::kPlay ||
                                                  listed(before.legal(), action));
        events.clear();
        const auto err = game.apply(action, &events);
        FUZZ_CHECK(expect_ok == !err);
        if (err) {
            FUZZ_CHECK(game == before);
            FUZZ_CHECK(events.empty());
            if (before.over()) FUZZ_CHECK(err->code == ErrorCode::kGameOver);
        } else {
            FUZZ_CHECK(!events.empty());
            FUZZ_CHECK(game.actions().size() == before.actions().size() + 1);
            FUZZ_CHECK(game.actions().back() == action);
            FUZZ_CHECK(game.score() >= before.score());
            const bool ended = std::holds_alternative<GameOverEvent>(events.back());
            FUZZ_CHECK(ended == game.over());
            FUZZ_CHECK(game.resigned() == (action.kind == Action::Kind::kResign));
        }
        FUZZ_CHECK(game.invariants_hold());
        check_legal_list(game);
        if (game.over()) ++after_end;
    }

    const Record record = record_of(game);
    const ReplayResult replayed = replay(record);
    FUZZ_CHECK(replayed.ok());
    FUZZ_CHECK(replayed.game == game);
    FUZZ_CHECK(view_of(replayed.game) == view_of(game));

    Game dealt_ahead(ruleset, seed, deal_all(seed));
    for (const Action& a : record.actions) FUZZ_CHECK(!dealt_ahead.apply(a));
    FUZZ_CHECK(dealt_ahead == game);

    const auto parsed = parse_record(record_text(record));
    FUZZ_CHECK(parsed && *parsed == record);
    return 0;
}
