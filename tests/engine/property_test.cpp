// Seeded random games (seed sha256("prop-<i>"), a splitmix64 policy) under both rulesets,
// checked against a brute-force model of the rules: Game::legal() is exactly the model's set,
// every listed play is accepted, any other play refused with the model's error and the game left
// == its copy; invariants, all 20 cards accounted for from the events, rolls, scores in 0..300,
// the game ends, and replay(record_of(game)) gives an equal Game.
#include <catch2/catch.hpp>

#include <bit>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/record.hpp"
#include "engine/view.hpp"
#include "rules_model.hpp"
#include "test_util.hpp"

using namespace pinfall::test;

namespace {

constexpr int kGames = 3000;  // per ruleset

struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

std::vector<int> pins_of(PinMask m) {
    std::vector<int> out;
    for (int p = 1; p <= kPinCount; ++p) {
        if (m & pin_bit(p)) out.push_back(p);
    }
    return out;
}

// The rack in play and the rolls as the events tell them.
struct Ledger {
    explicit Ledger(Ruleset r) : ruleset(r) {}

    Ruleset ruleset;
    Table table;             // what the player sees, kept from events alone
    std::uint32_t used = 0;  // pin cards knocked, ball cards played or burned
    bool burned = false;     // ball 2 of this rack
    bool cleared = false;    // a ball ended with no pin standing: a fresh deal must follow
    int ball_pins = 0;
    int all_pins = 0;  // knocked in the whole game
    int next_deal = 0;
    std::vector<int> rolls;
    // Deals numbered 0, 1, ...; a roll is its ball's pins, marked X on a rack's first ball and
    // / on its second when it clears the rack; a ball ends by itself only when the model finds
    // no legal play; a cleared rack is followed by a deal or the end.
    bool consistent = true;

    void take(const Event& e) {
        if (const auto* d = std::get_if<DealEvent>(&e)) {
            consistent &= d->deal == next_deal++;
            table = Table{d->pins, kAllPins, d->face_up};
            used = 0;
            burned = cleared = false;
            return;
        }
        if (std::holds_alternative<GameOverEvent>(e)) {
            cleared = false;
            return;
        }
        consistent &= !cleared || std::holds_alternative<FrameEndEvent>(e);
        if (const auto* p = std::get_if<PlayEvent>(&e)) {
            for (const int pin : pins_of(p->pins)) used |= 1u << table.pins[pin - 1];
            used |= 1u << p->ball;
            consistent &= table.face_up[p->pile] == p->ball;
            table.face_up[p->pile] = p->turned;
            table.standing &= static_cast<PinMask>(~p->pins);
            ball_pins += pin_count(p->pins);
            all_pins += pin_count(p->pins);
        } else if (const auto* b = std::get_if<BurnEvent>(&e)) {
            for (const Card c : b->burned) {
                if (c != kNoCard) used |= 1u << c;
            }
            consistent &= table.face_up == b->burned;
            table.face_up = b->turned;
            burned = true;
        } else if (const auto* end = std::get_if<BallEndEvent>(&e)) {
            const PinMask up = table.standing;
            const BallMark mark = up != 0  ? BallMark::kNone
                                  : burned ? BallMark::kSpare
                                           : BallMark::kStrike;
            consistent &= end->roll == ball_pins && end->mark == mark;
            consistent &= (end->reason == BallEndReason::kCleared) == (up == 0);
            if (end->reason == BallEndReason::kNoPlay) {
                for (int p = 0; p < kPileCount; ++p) {
                    consistent &= model_legal(table, ruleset, p) == 0;
                }
            }
            cleared = up == 0;
            rolls.push_back(end->roll);
            ball_pins = 0;
        }
    }
};

// Every card in exactly one place: standing pin, used, face up, face down.
bool cards_accounted(const Game& game, const Ledger& ledger) {
    const Rack& rack = game.rack();
    std::uint32_t all = ledger.used;
    int count = std::popcount(ledger.used);
    auto add = [&](Card c) {
        all |= 1u << c;
        ++count;
    };
    for (const int p : pins_of(rack.standing())) add(rack.pin_card(p));
    for (int pile = 0; pile < kPileCount; ++pile) {
        if (rack.face_up(pile) != kNoCard) add(rack.face_up(pile));
        for (int i = rack.top_index(pile) + 1; i < kPileSize[pile]; ++i) {
            add(rack.deal().balls[kPileOffset[pile] + i]);
        }
    }
    return count == kDeckSize && all == (1u << kDeckSize) - 1;
}

int sheet_pins(const Game& game) {
    int sum = 0;
    for (int k = 0; k < game.sheet().roll_count(); ++k) sum += game.sheet().roll(k);
    return sum;
}

// An action the random policy may try: mostly near-legal, sometimes nonsense.
Action random_attempt(SplitMix64& rng) {
    const int pile = rng.below(10) == 0 ? (rng.below(2) ? 3 : -1) : rng.below(3);
    std::vector<int> pins(static_cast<std::size_t>(rng.below(12) == 0 ? 4 : 1 + rng.below(3)));
    for (int& p : pins) p = rng.below(15) == 0 ? rng.below(13) - 1 : 1 + rng.below(10);
    return Action::play(pile, pins);
}

#define PROP(cond)                                                                    \
    do {                                                                              \
        if (!(cond)) FAIL(#cond << " (game " << i << ", " << ruleset_name(r) << ")"); \
    } while (0)

}  // namespace

TEST_CASE("random games keep every rule and invariant, and replay") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    int plays = 0, refusals = 0, resigns = 0;
    long checked_lists = 0;
    for (int i = 0; i < kGames; ++i) {
        const Seed seed = sha256("prop-" + std::to_string(i));
        std::uint64_t word = 0;
        for (int b = 0; b < 8; ++b) word = word << 8 | seed[b];
        SplitMix64 rng{word ^ static_cast<std::uint64_t>(r)};
        Events events;
        Game game(r, seed, &events);
        Ledger ledger(r);
        std::size_t seen = 0;
        auto absorb = [&] {  // new events into the ledger; each deal is the seed's
            for (; seen < events.size(); ++seen) {
                ledger.take(events[seen]);
                if (const auto* d = std::get_if<DealEvent>(&events[seen])) {
                    const Deal dealt = deal_from_seed(seed, d->deal);
                    PROP(d->pins == dealt.pins && d->face_up[0] == dealt.balls[0] &&
                         d->face_up[1] == dealt.balls[5] && d->face_up[2] == dealt.balls[8]);
                    PROP(game.rack().deal() == dealt || d->deal != game.deal_index());
                }
            }
        };
        for (int step = 0; !game.over(); ++step) {
            PROP(step < 2000);
            absorb();
            PROP(game.invariants_hold());
            PROP(cards_accounted(game, ledger));
            PROP(game.score() >= 0 && game.score() <= 300);
            PROP(ledger.consistent);
            PROP(ledger.all_pins == sheet_pins(game) + game.pins_this_ball());
            PROP(ledger.table == table_of(game.rack()));
            // Game::legal() is exactly the model's set: brute force over the standing pins.
            const auto legal = game.legal();
            for (int pile = 0; pile < kPileCount; ++pile) {
                PROP(model_legal(ledger.table, r, pile, &checked_lists) == legal[pile]);
            }
            // Every listed play is accepted: by the rack with its pins, and by a copy of the Game.
            const auto listed = list_plays(legal);
            PROP(!listed.empty());
            for (const Play& p : listed) {
                PinMask mask = 0;
                const auto pins = pins_of(p.pins);
                PROP(!game.rack().check_play(p.pile, pins, r, &mask) && mask == p.pins);
                Game copy = game;
                PROP(!copy.apply(Action::play(p.pile, pins)));
                PROP(copy.actions().size() == game.actions().size() + 1);
            }
            // The policy: a legal play, a stop, an attempt that may be illegal, a rare resign.
            const int roll = rng.below(1000);
            Action a;
            if (roll < 2) {
                a = Action::resign();
            } else if (roll < 120) {
                a = Action::stop();
            } else if (roll < 250) {
                a = random_attempt(rng);
            } else {
                const Play& p =
                    listed[static_cast<std::size_t>(rng.below(static_cast<int>(listed.size())))];
                a = Action::play(p.pile, pins_of(p.pins));
            }
            const std::string_view expected =
                a.kind == Action::Kind::kPlay
                    ? model_error(ledger.table, r, a.pile, a.listed_pins())
                    : "ok";
            const Game before = game;
            const std::size_t event_count = events.size();
            const auto err = game.apply(a, &events);
            PROP(error_text(err) == expected);
            if (err) {
                PROP(game == before);
                PROP(events.size() == event_count);
                ++refusals;
                continue;
            }
            PROP(events.size() > event_count);
            if (a.kind == Action::Kind::kPlay) {
                const auto* e = std::get_if<PlayEvent>(&events[event_count]);
                PROP(e && e->pile == a.pile && e->ball == before.rack().face_up(a.pile));
                PROP(legal[a.pile] >> group_index(e->pins) & 1);
                ++plays;
            }
            resigns += a.kind == Action::Kind::kResign;
        }
        absorb();
        PROP(ledger.consistent);
        PROP(ledger.all_pins == sheet_pins(game));
        PROP(game.invariants_hold());
        PROP(cards_accounted(game, ledger));
        const auto* over = std::get_if<GameOverEvent>(&events.back());
        PROP(over && over->score == game.score() && over->resigned == game.resigned());
        PROP(game.score() >= 0 && game.score() <= 300);
        PROP(ledger.rolls.size() == static_cast<std::size_t>(game.sheet().roll_count()));
        for (std::size_t k = 0; k < ledger.rolls.size(); ++k) {
            PROP(ledger.rolls[k] == game.sheet().roll(static_cast<int>(k)));
        }
        if (!game.resigned()) {
            PROP(game.sheet().complete());
            PROP(game.sheet().frame_total(10) == std::optional<int>(game.score()));
        }
        const ReplayResult again = replay(record_of(game));
        PROP(again.ok());
        PROP(again.game == game);
        PROP(again.game.score() == game.score());
    }
    // The policy reached every branch.
    CHECK(plays > 25 * kGames);
    CHECK(refusals > 5 * kGames);
    CHECK(resigns > kGames / 50);
    CHECK(checked_lists > 100L * kGames);
}
