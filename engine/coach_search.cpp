#include "engine/coach_search.hpp"

#include <algorithm>
#include <cmath>

namespace pinfall::engine {
namespace {

constexpr std::size_t kFirstSlots = std::size_t{1} << 16;
constexpr int kGenerationShift = 58;  // a key's bits above the position's: its search's number
constexpr std::uint64_t kLastGeneration = (std::uint64_t{1} << (64 - kGenerationShift)) - 1;

// The bit of the group whose pins are exactly m, or 0 when m is no group.
constexpr std::array<GroupSet, 1u << kPinCount> make_group_bits() {
    std::array<GroupSet, 1u << kPinCount> bits{};
    for (int g = 0; g < kGroupCount; ++g) bits[kGroups[g]] = GroupSet{1} << g;
    return bits;
}
constexpr std::array<GroupSet, 1u << kPinCount> kGroupBits = make_group_bits();
GroupSet group_bit(PinMask m) { return kGroupBits[m]; }

std::size_t slot_of(std::uint64_t key, std::size_t mask) {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 20) & mask;
}

}  // namespace

Expectimax::Expectimax(std::size_t budget) : budget_(budget) {}

void Expectimax::prepare(const HiddenRack& rack, Ruleset ruleset, const RackGoal& goal) {
    const bool same =
        !exhausted_ && !slots_.empty() && ruleset == ruleset_ && rack.pins == pins_ && goal == goal_;
    if (same) return;
    ruleset_ = ruleset;
    pins_ = rack.pins;
    goal_ = goal;
    rules_ = PlayRules(rack.pins, ruleset);
    exhausted_ = false;
    used_ = 0;
    set_payoffs(goal);
    for (unsigned standing = 0; standing <= kAllPins; ++standing) {
        live_[standing] = rules_.live_ranks(static_cast<PinMask>(standing));
    }
    // A new search takes the next generation number: slots of older ones count as empty, so
    // the table (kept from rack to rack: regrowing costs more) needs clearing only when the
    // numbers run out, not for every rack (a fill of megabytes per hint otherwise).
    if (slots_.size() < kFirstSlots) {
        slots_.assign(kFirstSlots, Slot{0, 0});
        generation_ = 0;
    }
    if (++generation_ > kLastGeneration) {
        std::fill(slots_.begin(), slots_.end(), Slot{0, 0});
        generation_ = 1;
    }
}

bool Expectimax::live(const Slot& s) const { return s.key >> kGenerationShift == generation_; }

std::uint64_t Expectimax::key(const HiddenRack& h) const {
    // What decides the future, and nothing else. Bits 0-9 standing; 10-30 the three piles'
    // codes (face-up rank, 14 dead, 15 none; face-down count) sorted, since the rules never ask
    // which pile a card is on; 31-50 unseen cards per live rank (bit r one, bit 10 + r both),
    // 51-53 unseen dead cards (at most 7 are face down), both 0 once no card can turn up;
    // 54-57 the ball (0: ball 1, 1: ball 2 when affine_, else r1 + 1; 15: a burn's key);
    // 58-63 the generation. A dead card (PlayRules::live_ranks) is never played: its rank is
    // irrelevant, and on ball 2 (no burn to come) its pile is as good as empty.
    constexpr int kRanks = kDeckSize / 2;
    const std::uint32_t live = live_[h.standing];
    std::array<std::uint64_t, kPileCount> code{};
    int down = 0;
    for (int p = 0; p < kPileCount; ++p) {
        std::uint64_t rank = 15, below = 0;
        const Card c = h.face_up[p];
        if (c != kNoCard && (live >> (c % kRanks) & 1)) {
            rank = c % kRanks;
            below = h.face_down[p];
        } else if (c != kNoCard && h.ball == 1) {
            rank = 14;
            below = h.face_down[p];
        }
        code[p] = rank | below << 4;
        down += static_cast<int>(below);
    }
    if (code[0] > code[1]) std::swap(code[0], code[1]);
    if (code[1] > code[2]) std::swap(code[1], code[2]);
    if (code[0] > code[1]) std::swap(code[0], code[1]);
    std::uint64_t k = h.standing | code[0] << 10 | code[1] << 17 | code[2] << 24;
    if (down > 0) {
        const std::uint32_t low = h.unseen & kAllPins, high = h.unseen >> kRanks;
        const std::uint64_t one = (low ^ high) & live, both = low & high & live;
        const std::uint64_t dead = kBitCounts10[low & ~live] + kBitCounts10[high & ~live];
        k |= (one | both << kRanks) << 31 | dead << 51;
    }
    k |= static_cast<std::uint64_t>(h.ball == 1 ? 0 : affine_ ? 1 : h.r1 + 1) << 54;
    return k | generation_ << kGenerationShift;
}

const double* Expectimax::lookup(std::uint64_t key) const {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = slot_of(key, mask); live(slots_[i]); i = (i + 1) & mask) {
        if (slots_[i].key == key) return &slots_[i].value;
    }
    return nullptr;
}

double* Expectimax::find(std::uint64_t key) {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = slot_of(key, mask);; i = (i + 1) & mask) {
        if (slots_[i].key == key || !live(slots_[i])) {
            slots_[i].key = key;
            return &slots_[i].value;
        }
    }
}

bool Expectimax::take_position() {
    exhausted_ = exhausted_ || ++used_ > budget_;
    return !exhausted_;
}

double Expectimax::store(std::uint64_t key, double value) {
    if (exhausted_) return 0;
    // Children may have grown the table: insert only now, keeping the load under 3/4.
    if (used_ * 4 > slots_.size() * 3) grow();
    *find(key) = value;
    return value;
}

void Expectimax::grow() {
    std::vector<Slot> old(slots_.size() * 2, Slot{0, 0});
    old.swap(slots_);
    for (const Slot& s : old) {
        if (live(s)) *find(s.key) = s.value;
    }
}

void Expectimax::set_payoffs(const RackGoal& goal) {
    // Ball 2 ends worth end[r1][r2] = end[r1][0] + per_pin * r2 + spare * [r1 + r2 == 10] for
    // every goal the coach makes (pins count linearly, a spare adds a bonus): then ball 2's best
    // play does not depend on r1 and its positions are searched once for every r1.
    per_pin_ = goal.end[0][1] - goal.end[0][0];
    spare_ = goal.end[0][kPinCount] - goal.end[0][kPinCount - 1] - per_pin_;
    affine_ = !goal.single_ball;
    for (int r1 = 0; r1 < kPinCount && affine_; ++r1) {
        for (int r2 = 0; r2 <= kPinCount - r1; ++r2) {
            const double spare = r1 + r2 == kPinCount ? spare_ : 0;
            const double linear = goal.end[r1][0] + per_pin_ * r2 + spare;
            affine_ = affine_ && std::abs(goal.end[r1][r2] - linear) < 1e-9;
        }
    }
    best_first_ = 0;
    for (int r1 = 0; r1 <= kPinCount; ++r1) {
        double row = goal.end[r1][0];
        for (int r2 = 1; r2 <= (goal.single_ball ? 0 : kPinCount - r1); ++r2) {
            row = std::max(row, goal.end[r1][r2]);
        }
        best_first_ = std::max(best_first_, row);
        offset_[r1] = affine_ ? goal.end[r1][0] + per_pin_ * (kPinCount - r1) : 0;
        // The best a ball 2 can end with, in search terms; reached, nothing needs searching.
        best_second_[r1] = affine_ ? std::max(spare_, -per_pin_) : row;
    }
}

double Expectimax::second_end(const HiddenRack& h) const {
    const int left = pin_count(h.standing);
    if (!affine_) return goal_.end[h.r1][kPinCount - h.r1 - left];
    return -per_pin_ * left + (left == 0 ? spare_ : 0);
}

double Expectimax::value(const HiddenRack& h) {
    const double v = search(h);
    return h.ball == 2 ? offset_[h.r1] + v : v;
}

double Expectimax::search(const HiddenRack& h) {
    if (exhausted_) return 0;
    if (h.ball == 1 && h.standing == 0) return goal_.end[kPinCount][0];
    std::array<GroupSet, kPileCount> legal{};
    GroupSet any = 0;
    const GroupSet open = rules_.open(h.standing);
    for (int pile = 0; pile < kPileCount; ++pile) {
        legal[pile] = open & rules_.of_card(h.face_up[pile]);
        any |= legal[pile];
    }
    // A ball 2 with no play left is over: its value needs no search and no slot.
    const double now = h.ball == 2 ? second_end(h) : 0;
    if (h.ball == 2 && any == 0) return now;
    const std::uint64_t k = key(h);
    if (const double* known = lookup(k)) return *known;
    if (!take_position()) return 0;
    // A play that knocks every standing pin reaches the best end there is: nothing beats it.
    const double best = h.ball == 1 ? best_first_ : best_second_[h.r1];
    double v = -1e300;
    for (int pile = 0; pile < kPileCount && v < best; ++pile) {
        if (legal[pile] & group_bit(h.standing)) v = play_value(h, pile, h.standing);
    }
    if (v < best) v = std::max(v, h.ball == 1 ? stop_value(h) : now);
    for (int pile = 0; pile < kPileCount && v < best; ++pile) {
        for (GroupSet s = legal[pile]; s && v < best; s &= s - 1) {
            v = std::max(v, play_value(h, pile, kGroups[std::countr_zero(s)]));
        }
    }
    return store(k, v);
}

double Expectimax::stop_value(const HiddenRack& h) {
    const int r1 = kPinCount - pin_count(h.standing);
    if (goal_.single_ball) return goal_.end[r1][0];
    // The burn throws the face-up cards away: ball 1 positions that differ only in them share
    // their burn's value, kept under a key of its own (ball field 15).
    HiddenRack g = h;
    for (Card& c : g.face_up) c = c == kNoCard ? kNoCard : Card{0};
    const std::uint64_t k = key(g) | std::uint64_t{15} << 54;
    if (const double* known = lookup(k)) return *known;
    if (!take_position()) return 0;
    double sum = 0;
    after_burn(h, [&](const HiddenRack& b, double w) { sum += w * value(b); }, live_[h.standing]);
    return store(k, sum);
}

// In search terms: h's own ball's measure (ball 2 without its r1 offset).
double Expectimax::play_value(const HiddenRack& h, int pile, PinMask pins) {
    double sum = 0;
    after_play(
        h, pile, pins, [&](const HiddenRack& n, double w) { sum += w * search(n); },
        live_[h.standing & ~pins]);
    return sum;
}

std::vector<ActionValue> Expectimax::actions(const HiddenRack& h) {
    const double offset = h.ball == 2 ? offset_[h.r1] : 0;
    std::vector<ActionValue> out;
    for (int pile = 0; pile < kPileCount; ++pile) {
        for (GroupSet s = rules_.legal(h.standing, h.face_up[pile]); s; s &= s - 1) {
            const PinMask pins = kGroups[std::countr_zero(s)];
            out.push_back({play_action(pile, pins), offset + play_value(h, pile, pins)});
        }
    }
    out.push_back({Action::stop(), h.ball == 1 ? stop_value(h) : offset + second_end(h)});
    return out;
}

}  // namespace pinfall::engine
