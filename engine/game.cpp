#include "engine/game.hpp"

#include <cassert>

#include "engine/record.hpp"

namespace pinfall::engine {

DealSet deal_all(const Seed& seed) {
    DealSet deals;
    for (int k = 0; k < kMaxDeals; ++k) deals[k] = deal_from_seed(seed, static_cast<std::uint32_t>(k));
    return deals;
}

Game::Game(Ruleset ruleset, const Seed& seed, Events* events) : ruleset_(ruleset), seed_(seed) {
    start(events);
}

Game::Game(Ruleset ruleset, const Seed& seed, const DealSet& deals, Events* events)
    : ruleset_(ruleset), seed_(seed), deals_(deals), dealt_((1u << kMaxDeals) - 1) {
    start(events);
}

void Game::start(Events* events) {
    actions_.reserve(64);
    deal_fresh(events);
    settle(events);
}

const Deal& Game::deal(int k) {
    assert(k >= 0 && k < kMaxDeals);
    if (!(dealt_ >> k & 1)) {
        deals_[k] = deal_from_seed(seed_, static_cast<std::uint32_t>(k));
        dealt_ |= static_cast<std::uint16_t>(1u << k);
    }
    return deals_[k];
}

const Deal& Game::dealt(int k) const {
    assert(k >= 0 && k <= deal_index_ && (dealt_ >> k & 1));
    return deals_[k];
}

void Game::deal_fresh(Events* events) {
    ++deal_index_;
    rack_ = Rack(deal(deal_index_));
    second_ball_ = false;
    ball_pins_ = 0;
    if (events) {
        DealEvent e{static_cast<std::uint8_t>(deal_index_), rack_.deal().pins, {}};
        for (int p = 0; p < kPileCount; ++p) e.face_up[p] = rack_.face_up(p);
        events->emplace_back(e);
    }
}

std::array<GroupSet, kPileCount> Game::legal() const {
    if (over_) return {0, 0, 0};
    return {rack_.legal(0, ruleset_), rack_.legal(1, ruleset_), rack_.legal(2, ruleset_)};
}

void Game::end_ball(BallEndReason reason, Events* events) {
    const int frame = sheet_.frame();
    const int ball = sheet_.ball();
    const bool cleared = rack_.standing() == 0;
    const BallMark mark =
        !cleared ? BallMark::kNone : (second_ball_ ? BallMark::kSpare : BallMark::kStrike);
    sheet_.add(ball_pins_);
    if (events) {
        events->emplace_back(BallEndEvent{static_cast<std::uint8_t>(frame),
                                          static_cast<std::uint8_t>(ball),
                                          static_cast<std::uint8_t>(ball_pins_), reason, mark});
        if (sheet_.frame_complete(frame)) {
            events->emplace_back(FrameEndEvent{static_cast<std::uint8_t>(frame)});
        }
    }
    ball_pins_ = 0;
    if (sheet_.complete()) {
        over_ = true;
        if (events) events->emplace_back(GameOverEvent{static_cast<std::uint16_t>(score()), false});
        return;
    }
    // A new frame, or a bonus ball after a cleared rack, gets a fresh deal; otherwise ball 2.
    if (cleared || sheet_.frame() != frame) {
        deal_fresh(events);
        return;
    }
    assert(!second_ball_);
    BurnEvent burn{};
    for (int p = 0; p < kPileCount; ++p) burn.burned[p] = rack_.face_up(p);
    rack_.burn();
    second_ball_ = true;
    if (events) {
        for (int p = 0; p < kPileCount; ++p) burn.turned[p] = rack_.face_up(p);
        events->emplace_back(burn);
    }
}

void Game::settle(Events* events) {
    while (!over_ && !rack_.any_legal(ruleset_)) {
        end_ball(rack_.standing() == 0 ? BallEndReason::kCleared : BallEndReason::kNoPlay, events);
    }
    assert(invariants_hold());
}

void Game::restart() {
    rack_ = Rack();
    deal_index_ = -1;
    second_ball_ = false;
    ball_pins_ = 0;
    sheet_ = ScoreSheet(10);
    over_ = false;
    resigned_ = false;
    actions_.clear();
    start(nullptr);
}

std::optional<Error> Game::take_back(Events* events) {
    std::vector<Action> line = final_line(actions_);
    if (line.empty()) return make_error(ErrorCode::kNothingToUndo);
    line.pop_back();
    // Replaying the line from the start is exact (same deals: the copy keeps those dealt or
    // given, plays are deterministic) and cheap next to a person's pace; the history,
    // take-backs included, stays the record.
    Game back = *this;
    back.restart();
    for (const auto& a : line) {
        [[maybe_unused]] const auto err = back.apply(a);
        assert(!err);
    }
    std::vector<Action> history = std::move(actions_);
    *this = std::move(back);
    actions_ = std::move(history);
    actions_.push_back(Action::undo());
    if (events) events->emplace_back(UndoEvent{});
    assert(invariants_hold());
    return std::nullopt;
}

std::optional<Error> Game::apply(const Action& a, Events* events) {
    if (over_) return make_error(ErrorCode::kGameOver);
    if (a.kind == Action::Kind::kUndo) return take_back(events);
    switch (a.kind) {
        case Action::Kind::kPlay: {
            PinMask pins = 0;
            if (auto err = rack_.check_play(a.pile, a.listed_pins(), ruleset_, &pins)) return err;
            const Card ball = rack_.face_up(a.pile);
            rack_.play(a.pile, pins);
            ball_pins_ += pin_count(pins);
            if (events) {
                events->emplace_back(
                    PlayEvent{a.pile, pins, ball, rack_.face_up(a.pile)});
            }
            break;
        }
        case Action::Kind::kStop:
            end_ball(BallEndReason::kStopped, events);
            break;
        case Action::Kind::kResign: {
            // The ball in play counts as bowled with what it knocked; frames not bowled score 0.
            if (ball_pins_ > 0) {
                const int frame = sheet_.frame();
                const int ball = sheet_.ball();
                sheet_.add(ball_pins_);
                if (events) {
                    events->emplace_back(BallEndEvent{
                        static_cast<std::uint8_t>(frame), static_cast<std::uint8_t>(ball),
                        static_cast<std::uint8_t>(ball_pins_), BallEndReason::kResigned,
                        BallMark::kNone});
                }
                ball_pins_ = 0;
            }
            over_ = true;
            resigned_ = true;
            if (events) events->emplace_back(GameOverEvent{static_cast<std::uint16_t>(score()), true});
            break;
        }
        case Action::Kind::kUndo: break;  // take_back() above
    }
    actions_.push_back(a);
    settle(events);
    return std::nullopt;
}

bool Game::invariants_hold() const {
    // Every card sits in exactly one place of the rack (pins, piles) for the whole frame.
    std::uint32_t seen = 0;
    for (const Card c : rack_.deal().pins) seen |= 1u << c;
    for (const Card c : rack_.deal().balls) seen |= 1u << c;
    if (seen != (1u << kDeckSize) - 1) return false;
    const int down = kPinCount - pin_count(rack_.standing());
    if (!over_ && ball_pins_ > down) return false;
    if (sheet_.score() < 0 || sheet_.score() > 300) return false;
    if (over_ && !resigned_ && !sheet_.complete()) return false;
    if (!over_ && sheet_.complete()) return false;
    return true;
}

bool Game::operator==(const Game& o) const {
    return ruleset_ == o.ruleset_ && seed_ == o.seed_ && rack_ == o.rack_ &&
           deal_index_ == o.deal_index_ && second_ball_ == o.second_ball_ &&
           ball_pins_ == o.ball_pins_ && sheet_ == o.sheet_ && over_ == o.over_ &&
           resigned_ == o.resigned_ && actions_ == o.actions_;
}

}  // namespace pinfall::engine
