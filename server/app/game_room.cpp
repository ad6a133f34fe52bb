#include "server/app/game_room.hpp"

#include <algorithm>

#include "engine/record.hpp"
#include "engine/view.hpp"

namespace pinfall::server {

GameRoom::GameRoom(boost::asio::any_io_executor strand, protocol::GameId id, GuestId owner,
                   engine::Game game, std::uint64_t opening_events, Metrics& metrics)
    : strand_(std::move(strand)),
      id_(id),
      owner_(owner),
      game_(std::move(game)),
      version_(opening_events),
      metrics_(metrics) {
    events_.reserve(16);
    finished_.store(game_.over(), std::memory_order_release);
}

std::unique_ptr<protocol::Reveal> GameRoom::reveal() const {
    // A finished practice game reveals its deals and record (DECISIONS.md section 1).
    if (!game_.over()) return nullptr;
    auto r = std::make_unique<protocol::Reveal>();
    r->seed = game_.seed();
    r->record = engine::record_text(engine::record_of(game_));
    for (int k = 0; k <= game_.deal_index(); ++k) {
        r->deals.push_back(engine::deal_from_seed(game_.seed(), static_cast<std::uint32_t>(k)));
    }
    return r;
}

void GameRoom::subscribe(const std::shared_ptr<Outbox>& o) {
    std::erase_if(subscribers_, [](const auto& w) { return w.expired(); });
    const bool known = std::any_of(subscribers_.begin(), subscribers_.end(),
                                   [&o](const auto& w) { return w.lock() == o; });
    if (!known) subscribers_.push_back(o);
}

void GameRoom::snapshot(protocol::Re re, const std::shared_ptr<Outbox>& to) {
    subscribe(to);
    const auto r = reveal();
    to->send(make_message(
        protocol::encode_snapshot(re, ref(), version_, engine::view_of(game_), r.get())));
}

void GameRoom::act(const engine::Action& action, protocol::Re re,
                   const std::shared_ptr<Outbox>& requester,
                   std::chrono::steady_clock::time_point received) {
    subscribe(requester);
    events_.clear();
    if (const auto err = game_.apply(action, &events_)) {
        const auto name = engine::error_code_name(err->code);
        metrics_.reject(name);
        requester->send(make_message(protocol::encode_error(re, name, err->message)));
        return;
    }
    const std::uint64_t first = version_ + 1;
    version_ += events_.size();
    if (game_.over()) {
        finished_.store(true, std::memory_order_release);
        metrics_.games_active.fetch_sub(1, std::memory_order_relaxed);
    }
    const auto r = reveal();
    const engine::View after = engine::view_of(game_);
    const auto with_re = make_message(
        protocol::encode_update(re, ref(), first, events_, after, r.get()));
    requester->send(with_re);
    metrics_.actions_accepted.fetch_add(1, std::memory_order_relaxed);
    metrics_.observe_action(std::chrono::steady_clock::now() - received);
    if (subscribers_.size() > 1) {
        const auto plain = make_message(
            protocol::encode_update(std::nullopt, ref(), first, events_, after, r.get()));
        for (const auto& w : subscribers_) {
            if (auto o = w.lock(); o && o != requester) o->send(plain);
        }
    }
}

}  // namespace pinfall::server
