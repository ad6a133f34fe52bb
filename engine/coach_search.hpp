// The coach's search of one rack (docs/rules.md, "Par and the coach"): an exact expectimax over
// the face-down cards, which the player knows only as a set. Every card turned up (by a play on a
// pile with cards below, or by the burn) is equally likely to be any card of that set, since a
// deal is a uniform shuffle; the player's choices maximise, the turns average.
//
// A rack's result is worth RackGoal::end[r1][r2], the expected final score of the game when ball
// 1 of the rack ends with r1 pins down and ball 2 knocks r2 (a strike: end[10][0]); the table of
// expected future points (engine/coach_table.hpp) fills it in. A goal with single_ball stops at
// ball 1: end[r1][0] (a bonus ball that is the game's last).
//
// Positions are memoised by what decides the future and nothing else (Expectimax::key, and
// docs/rules.md lists each merge): the standing pins, the piles as a multiset, the unseen cards
// per rank, dead cards (never playable on the rack) as one kind, and on ball 2 no r1 when the
// goal pays ball 2 linearly plus a spare bonus (every goal the coach makes). A search visits at
// most `budget` positions; past that it gives up (ok() false) and the caller falls back to
// sampled_actions below.
// Pure and deterministic; an Expectimax is a value for one thread at a time.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/action.hpp"
#include "engine/par_rack.hpp"

namespace pinfall::engine {

// One rack as the player sees it.
struct HiddenRack {
    std::array<Card, kPinCount> pins{};  // every pin's card (all are dealt face up)
    PinMask standing = kAllPins;
    std::array<Card, kPileCount> face_up{kNoCard, kNoCard, kNoCard};
    std::array<std::uint8_t, kPileCount> face_down{};
    std::uint32_t unseen = 0;  // bit c: card c is face down somewhere; order unknown
    int ball = 1;              // of this rack: 1, or 2 after the burn
    int r1 = 0;                // pins of ball 1 (ball 2 only)
    bool operator==(const HiddenRack&) const = default;
};

struct RackGoal {
    bool single_ball = false;
    std::array<std::array<double, kPinCount + 1>, kPinCount + 1> end{};
    bool operator==(const RackGoal&) const = default;
};

// An action and the expected final score it leads to.
struct ActionValue {
    Action action;
    double expected = 0;
};

// The best goal value reachable from position p of the rack h shows, with every card known:
// on ball 2 (h.r1 fixed) where reach() lets the rack end; on ball 1 any roll, ball 2 following.
// Exact integers in doubles. Used by the sampled coach (coach_sample.cpp) and by the integrity
// analysis (integrity_values.cpp). Defined in coach_sample.cpp.
double best_known(RackSolver& solver, const RackPosition& p, const HiddenRack& h,
                  const RackGoal& goal);

class Expectimax {
 public:
    explicit Expectimax(std::size_t budget = 1u << 21);

    // Starts a search for one rack (its pins, ruleset and goal); keeps what earlier calls for the
    // same rack and goal learned, so hints on one rack reuse each other's work.
    void prepare(const HiddenRack& rack, Ruleset ruleset, const RackGoal& goal);
    // The value of h (maximised over the player's choices). REQUIRES: prepare() for h's rack.
    double value(const HiddenRack& h);
    // Every action at h with its value: the legal plays by pile then kGroups order, then the stop.
    std::vector<ActionValue> actions(const HiddenRack& h);
    // False once a search ran past the budget; values are then meaningless until prepare().
    bool ok() const { return !exhausted_; }
    std::size_t positions() const { return used_; }

    // h after the play of group pins with pile: when a card is turned up, each possible h
    // goes to f with its probability. Ranks outside `live` (PlayRules::live_ranks of the
    // standing pins after the play) turn up as one outcome: such a card can never be played.
    template <class F>
    static void after_play(const HiddenRack& h, int pile, PinMask pins, F f,
                           std::uint16_t live = kAllRanks);
    // h after the burn that starts ball 2, each outcome to f with its probability; `live` as
    // for after_play, of h's standing pins.
    template <class F>
    static void after_burn(const HiddenRack& h, F f, std::uint16_t live = kAllRanks);
    static constexpr std::uint16_t kAllRanks = 0x3FF;

 private:
    void set_payoffs(const RackGoal& goal);
    double search(const HiddenRack& h);  // value without the ball 2 offset (memoised)
    double second_end(const HiddenRack& h) const;  // search value of ending ball 2 at h
    double stop_value(const HiddenRack& h);
    template <class F>
    static void burn_from(const HiddenRack& h, F f, std::uint16_t live, double weight, int pile);
    // Turns up the next card of h's `pile` in next (the caller's copy of h, its face-down counts
    // and unseen set still h's): with none face down there the pile is emptied and
    // f(next, 1.0); otherwise, for each outcome of for_each_unseen_rank (`live` as there), that
    // card goes face up and out of the unseen set, and f(next, its chance). next changes in
    // place between calls: f must copy what it keeps. The one place a play and the burn turn a
    // card up; inline in the search's innermost loop, it copies and allocates nothing (h is
    // read rather than next so that the play's code is the same as when it was written out).
    template <class F>
    static void turn_up(const HiddenRack& h, HiddenRack& next, int pile, std::uint16_t live,
                        F&& f);
    double play_value(const HiddenRack& h, int pile, PinMask pins);
    std::uint64_t key(const HiddenRack& h) const;
    const double* lookup(std::uint64_t key) const;  // nullptr when not stored
    double* find(std::uint64_t key);                // the slot for key, taken if new
    // Counts a new position against the budget; false (and ok() false) once past it.
    bool take_position();
    // Stores a finished position's value and returns it (0 when the search ran out).
    double store(std::uint64_t key, double value);
    void grow();

    std::size_t budget_;
    Ruleset ruleset_ = Ruleset::kSackson;
    PlayRules rules_;
    RackGoal goal_{};
    std::array<Card, kPinCount> pins_{};
    bool exhausted_ = false;
    std::size_t used_ = 0;
    // How the goal pays a ball 2 (set_payoffs): when affine_, a ball 2 position is searched for
    // per_pin_ * (pins down) + spare_ * [spare] alone and offset_[r1] added for its r1.
    bool affine_ = false;
    double per_pin_ = 0, spare_ = 0;
    std::array<double, kPinCount + 1> offset_{};
    // The best search value from ball 1, and from ball 2 after r1: reached, search no further.
    double best_first_ = 0;
    std::array<double, kPinCount + 1> best_second_{};
    // PlayRules::live_ranks of every standing set: a dead card's rank never matters.
    std::array<std::uint16_t, kAllPins + 1> live_{};
    // Open addressing, key and value side by side (one cache line a probe). A slot is in use
    // when its key carries the current generation (key() adds it); any other slot is empty.
    struct Slot {
        std::uint64_t key;
        double value;
    };
    bool live(const Slot& s) const;
    std::vector<Slot> slots_;
    std::uint64_t generation_ = 0;
};

// The fallback (engine/coach_sample.cpp): determinisation. The face-down cards are dealt out
// `samples` times at random, each sample is solved with every card known (par_rack.hpp), and an
// action is worth the mean over the samples of the best result reachable after it. The samples
// come from a splitmix64 seeded by what h shows, so the same view always gets the same answer
// and no hidden card can change it. Returns every action at h (legal plays by pile then kGroups
// order, then the stop) with its sampled expected final score under goal. Thread-safe.
std::vector<ActionValue> sampled_actions(const HiddenRack& h, Ruleset ruleset, const RackGoal& goal,
                                         int samples);

// The card turned up from a pile with `unseen` below it, one per rank: the two cards of a rank
// play alike (only values count), so a rank's outcome stands for both, with their joint chance.
// Ranks outside `live` (bit r: rank r + 1) can never be played: they all stand for each other
// and come as one outcome. Calls f(card, probability) for the lowest unseen card of each rank
// in live, then for the lowest unseen card outside it.
template <class F>
void for_each_unseen_rank(std::uint32_t unseen, F f, std::uint16_t live = 0x3FF) {
    constexpr int kRanks = kDeckSize / 2;
    static_assert(kRanks == 10, "a rank's cards are bits r and r + 10 of a 20-bit set");
    const std::uint32_t low = unseen & kAllPins, high = unseen >> kRanks;
    const double total = kBitCounts10[low] + kBitCounts10[high];
    for (int r = 0; r < kRanks; ++r) {
        const int n = static_cast<int>((low >> r & 1) + (high >> r & 1));
        if (n && (live >> r & 1)) f(static_cast<Card>(low >> r & 1 ? r : r + kRanks), n / total);
    }
    const std::uint32_t dead_low = low & ~live, dead_high = high & ~live;
    if (const int n = kBitCounts10[dead_low] + kBitCounts10[dead_high]) {
        f(static_cast<Card>(dead_low ? std::countr_zero(dead_low)
                                     : kRanks + std::countr_zero(dead_high)),
          n / total);
    }
}

template <class F>
void Expectimax::turn_up(const HiddenRack& h, HiddenRack& next, int pile, std::uint16_t live,
                         F&& f) {
    if (h.face_down[pile] == 0) {
        next.face_up[pile] = kNoCard;
        f(next, 1.0);
        return;
    }
    --next.face_down[pile];
    for_each_unseen_rank(
        h.unseen,
        [&](Card c, double w) {
            next.face_up[pile] = c;
            next.unseen = h.unseen & ~(1u << c);
            f(next, w);
        },
        live);
}

template <class F>
void Expectimax::after_play(const HiddenRack& h, int pile, PinMask pins, F f, std::uint16_t live) {
    HiddenRack next = h;
    next.standing = static_cast<PinMask>(h.standing & ~pins);
    turn_up(h, next, pile, live, f);
}

template <class F>
void Expectimax::after_burn(const HiddenRack& h, F f, std::uint16_t live) {
    burn_from(h, f, live, 1.0, 0);
}

template <class F>
void Expectimax::burn_from(const HiddenRack& h, F f, std::uint16_t live, double weight, int pile) {
    if (pile == kPileCount) {
        HiddenRack b = h;
        if (b.ball == 1) {
            b.ball = 2;
            b.r1 = kPinCount - pin_count(h.standing);
        }
        f(b, weight);
        return;
    }
    if (h.face_up[pile] == kNoCard) {
        burn_from(h, f, live, weight, pile + 1);
        return;
    }
    // An emptied pile passes weight * 1.0, which is weight to the bit.
    HiddenRack next = h;
    turn_up(h, next, pile, live, [&](const HiddenRack& n, double w) {
        burn_from(n, f, live, weight * w, pile + 1);
    });
}

}  // namespace pinfall::engine
