#include "engine/coach_search.hpp"

#include <algorithm>

namespace pinfall::engine {
namespace {

constexpr std::size_t kFirstSlots = std::size_t{1} << 16;
constexpr int kGenerationShift = 53;  // a key's bits above the position's: its search's number
constexpr std::uint64_t kLastGeneration = (std::uint64_t{1} << (64 - kGenerationShift)) - 1;

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
    // Ranks, not cards: bits 0-9 standing, 10-21 face-up ranks (15: none), 22-27 face-down
    // counts, 28-47 unseen cards per rank (0-2), 48 ball 2, 49-52 r1, 53-63 the generation.
    constexpr int kRanks = kDeckSize / 2;
    std::uint64_t k = h.standing;
    for (int p = 0; p < kPileCount; ++p) {
        k |= static_cast<std::uint64_t>(h.face_up[p] == kNoCard ? 15 : h.face_up[p] % kRanks)
             << (10 + 4 * p);
    }
    k |= static_cast<std::uint64_t>(h.face_down[0]) << 22;
    k |= static_cast<std::uint64_t>(h.face_down[1]) << 25;
    k |= static_cast<std::uint64_t>(h.face_down[2]) << 27;
    const std::uint32_t low = h.unseen & ((1u << kRanks) - 1), high = h.unseen >> kRanks;
    const std::uint64_t counts = (low ^ high) | std::uint64_t{low & high} << kRanks;
    k |= counts << 28;  // per rank: bit r one card unseen, bit 10 + r both
    k |= static_cast<std::uint64_t>(h.ball == 2) << 48;
    k |= static_cast<std::uint64_t>(h.r1) << 49;
    return k | generation_ << kGenerationShift;
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

void Expectimax::grow() {
    std::vector<Slot> old(slots_.size() * 2, Slot{0, 0});
    old.swap(slots_);
    for (const Slot& s : old) {
        if (live(s)) *find(s.key) = s.value;
    }
}

double Expectimax::value(const HiddenRack& h) {
    if (exhausted_) return 0;
    const std::uint64_t k = key(h);
    {
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = slot_of(k, mask); live(slots_[i]); i = (i + 1) & mask) {
            if (slots_[i].key == k) return slots_[i].value;
        }
    }
    if (++used_ > budget_) {
        exhausted_ = true;
        return 0;
    }
    double v;
    if (h.ball == 1) {
        v = h.standing == 0 ? goal_.end[kPinCount][0] : stop_value(h);
    } else {
        v = goal_.end[h.r1][kPinCount - h.r1 - pin_count(h.standing)];
    }
    for (int pile = 0; pile < kPileCount; ++pile) {
        for (GroupSet s = rules_.legal(h.standing, h.face_up[pile]); s; s &= s - 1) {
            v = std::max(v, play_value(h, pile, kGroups[std::countr_zero(s)]));
        }
    }
    if (exhausted_) return 0;
    // Children may have grown the table: insert only now, keeping the load under a half.
    if (used_ * 2 > slots_.size()) grow();
    *find(k) = v;
    return v;
}

double Expectimax::stop_value(const HiddenRack& h) {
    const int r1 = kPinCount - pin_count(h.standing);
    if (goal_.single_ball) return goal_.end[r1][0];
    double sum = 0;
    after_burn(h, [&](const HiddenRack& b, double w) { sum += w * value(b); });
    return sum;
}

double Expectimax::play_value(const HiddenRack& h, int pile, PinMask pins) {
    double sum = 0;
    after_play(h, pile, pins, [&](const HiddenRack& n, double w) { sum += w * value(n); });
    return sum;
}

std::vector<ActionValue> Expectimax::actions(const HiddenRack& h) {
    std::vector<ActionValue> out;
    for (int pile = 0; pile < kPileCount; ++pile) {
        for (GroupSet s = rules_.legal(h.standing, h.face_up[pile]); s; s &= s - 1) {
            const PinMask pins = kGroups[std::countr_zero(s)];
            out.push_back({play_action(pile, pins), play_value(h, pile, pins)});
        }
    }
    const double stop =
        h.ball == 1 ? stop_value(h) : goal_.end[h.r1][kPinCount - h.r1 - pin_count(h.standing)];
    out.push_back({Action::stop(), stop});
    return out;
}

}  // namespace pinfall::engine
