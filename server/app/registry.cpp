#include "server/app/registry.hpp"

#include <boost/asio/strand.hpp>
#include <openssl/rand.h>

#include <algorithm>
#include <stdexcept>

namespace pinfall::server {
namespace {

std::string token_key(const std::string& token) {
    return engine::digest_hex(engine::sha256(token));
}

void random_bytes(unsigned char* out, int n) {
    // A failing CSPRNG is an environment failure we cannot play on.
    if (RAND_bytes(out, n) != 1) throw std::runtime_error("RAND_bytes failed");
}

}  // namespace

std::string random_token() {
    static constexpr char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    unsigned char bytes[33] = {};
    random_bytes(bytes, 32);
    std::string out;
    for (int i = 0; i < 33; i += 3) {  // 33 bytes of input -> 44 chars; keep the first 43
        const std::uint32_t v = bytes[i] << 16 | bytes[i + 1] << 8 | bytes[i + 2];
        for (int s = 18; s >= 0; s -= 6) out += kAlphabet[v >> s & 63];
    }
    out.resize(43);
    return out;
}

engine::Seed random_seed() {
    engine::Seed s{};
    random_bytes(s.data(), static_cast<int>(s.size()));
    return s;
}

Registry::Registry(boost::asio::io_context& ioc, Metrics& metrics, std::size_t max_games)
    : ioc_(ioc), metrics_(metrics), max_games_(max_games) {}

std::pair<GuestId, std::string> Registry::new_guest() {
    std::string token = random_token();
    const std::string key = token_key(token);
    std::lock_guard lock(mutex_);
    const GuestId id = next_guest_++;
    guests_.emplace(key, id);
    return {id, std::move(token)};
}

std::optional<GuestId> Registry::find_guest(const std::string& token) const {
    const std::string key = token_key(token);
    std::lock_guard lock(mutex_);
    const auto it = guests_.find(key);
    if (it == guests_.end()) return std::nullopt;
    return it->second;
}

std::shared_ptr<GameRoom> Registry::create_game(GuestId owner, engine::Ruleset ruleset,
                                                const engine::Seed& seed) {
    engine::Events opening;
    engine::Game game(ruleset, seed, &opening);
    std::lock_guard lock(mutex_);
    if (games_.size() >= max_games_) evict_finished_locked();
    if (games_.size() >= max_games_) return nullptr;
    const protocol::GameId id = next_game_++;
    auto room = std::make_shared<GameRoom>(boost::asio::make_strand(ioc_), id, owner,
                                           std::move(game), opening.size(), metrics_);
    games_.emplace(id, room);
    by_owner_[owner].push_back(id);
    if (!room->over()) metrics_.games_active.fetch_add(1, std::memory_order_relaxed);
    return room;
}

std::shared_ptr<GameRoom> Registry::find_game(protocol::GameId id) const {
    std::lock_guard lock(mutex_);
    const auto it = games_.find(id);
    return it == games_.end() ? nullptr : it->second;
}

std::vector<protocol::GameId> Registry::games_of(GuestId owner) const {
    std::lock_guard lock(mutex_);
    const auto it = by_owner_.find(owner);
    return it == by_owner_.end() ? std::vector<protocol::GameId>{} : it->second;
}

void Registry::evict_finished_locked() {
    for (auto it = games_.begin(); it != games_.end();) {
        if (it->second->finished()) {
            auto& owned = by_owner_[it->second->owner()];
            std::erase(owned, it->first);
            it = games_.erase(it);
        } else {
            ++it;
        }
    }
}

}  // namespace pinfall::server
