#include "server/app/registry.hpp"

#include <boost/asio/strand.hpp>
#include <openssl/rand.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <stdexcept>

namespace pinfall::server {
namespace {

std::string token_key(const std::string& token) {
    const auto d = engine::sha256(token);
    return std::string(d.begin(), d.end());
}

void random_bytes(unsigned char* out, int n) {
    // A failing CSPRNG is an environment failure we cannot deal cards on.
    if (RAND_bytes(out, n) != 1) throw std::runtime_error("RAND_bytes failed");
}

}  // namespace

std::string random_token() {
    static constexpr char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    unsigned char bytes[33] = {};
    random_bytes(bytes, 32);
    std::string out;
    for (int i = 0; i < 33; i += 3) {  // 33 bytes (the last one zero) -> 44 chars; keep 43
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

Registry::Registry(boost::asio::io_context& ioc, RoomContext& ctx, std::size_t max_games,
                   const std::vector<storage::GuestRow>& guests, storage::GameRowId max_game_id)
    : ioc_(ioc), ctx_(ctx), max_games_(max_games), next_game_id_(max_game_id + 1) {
    for (const auto& g : guests) {
        guests_.emplace(g.token_hash, static_cast<GuestId>(g.id));
        next_guest_ = std::max(next_guest_, static_cast<GuestId>(g.id) + 1);
    }
}

std::pair<GuestId, std::string> Registry::new_guest() {
    std::string token = random_token();
    const std::string key = token_key(token);
    GuestId id;
    {
        std::lock_guard lock(mutex_);
        id = next_guest_++;
        guests_.emplace(key, id);
    }
    // Stored in the background: a guest lost to a crash before the commit only loses a token
    // that no game refers to yet (its first game's row is written after this one).
    const auto now = unix_ms(ctx_.clock.now());
    ctx_.storage.write_lazy(
        [id, key, now](storage::Store& s) {
            return s.create_guest(static_cast<std::int64_t>(id), key, now);
        },
        nullptr);
    return {id, std::move(token)};
}

std::optional<GuestId> Registry::find_guest(const std::string& token) const {
    const std::string key = token_key(token);
    std::lock_guard lock(mutex_);
    const auto it = guests_.find(key);
    if (it == guests_.end()) return std::nullopt;
    return it->second;
}

std::shared_ptr<GameRoom> Registry::adopt(const storage::GameRow& row, Owner owner,
                                          std::string player_name) {
    {
        std::lock_guard lock(mutex_);
        if (const auto it = games_.find(row.id); it != games_.end() && !it->second->broken()) {
            return it->second;
        }
    }
    auto room = GameRoom::restore(boost::asio::make_strand(ioc_), row, std::move(owner),
                                  std::move(player_name), ctx_);
    if (!room) return nullptr;
    std::lock_guard lock(mutex_);
    auto& slot = games_[row.id];
    if (slot && !slot->broken()) return slot;  // another thread adopted it meanwhile
    if (!slot && !room->finished()) ctx_.metrics.games_active.fetch_add(1);
    slot = room;
    if (games_.size() > max_games_) evict_locked();
    return room;
}

void Registry::evict_locked() {
    for (auto it = games_.begin(); it != games_.end();) {
        it = it->second->finished() ? games_.erase(it) : std::next(it);
    }
}

void Registry::create_game(Owner owner, std::string player_name, storage::GameRow row,
                           RoomCallback done) {
    {
        std::lock_guard lock(mutex_);
        if (games_.size() >= max_games_) evict_locked();
        if (games_.size() >= max_games_) {
            done(nullptr, storage::Status::conflict("server_busy"));
            return;
        }
    }
    if (owner.guest) row.guest = static_cast<std::int64_t>(owner.guest);
    row.id = allocate_game_id();
    auto room = adopt(row, owner, std::move(player_name));
    if (!room) return done(nullptr, storage::Status::error("the game could not be set up"));
    // The row is stored in the background: the player need not wait for a COMMIT to start a
    // practice game, and the game's later writes queue behind this one.
    ctx_.storage.write_lazy(
        [row = std::move(row)](storage::Store& s) mutable { return s.create_game(row); },
        [room](const storage::Status& st) {
            if (st.is_ok()) return;
            spdlog::error("[g{}] storing the new game failed: {}", room->id(), st.message());
            room->mark_broken();
        });
    done(std::move(room), storage::Status::ok());
}

void Registry::save_unfinished_practice() {
    std::lock_guard lock(mutex_);
    for (const auto& [id, room] : games_) room->save_unfinished_practice();
}

storage::GameRowId Registry::allocate_game_id() {
    return next_game_id_.fetch_add(1, std::memory_order_relaxed);
}

void Registry::daily_attempt(storage::PlayerId player, std::string player_name, std::string day,
                             const engine::Seed& seed, std::int64_t now_ms, RoomCallback done) {
    ranked_game(
        player, std::move(player_name),
        [player, day, seed, now_ms](storage::Store& s, storage::GameRow& row) {
            if (auto existing = s.daily_attempt(player, day)) {
                row = std::move(*existing);
                return storage::Status::ok();
            }
            row.player = player;
            row.mode = storage::GameMode::kDaily;
            row.seed = seed;
            row.day = day;
            row.started_at = now_ms;
            return s.create_game(row);
        },
        std::move(done));
}

void Registry::ranked_game(
    storage::PlayerId player, std::string player_name,
    std::function<storage::Status(storage::Store&, storage::GameRow&)> find_or_create,
    RoomCallback done) {
    auto row = std::make_shared<storage::GameRow>();
    row->id = allocate_game_id();  // used if find_or_create inserts a new game
    ctx_.storage.write(
        [row, find_or_create = std::move(find_or_create)](storage::Store& s) {
            return find_or_create(s, *row);
        },
        [this, row, player, player_name, done](const storage::Status& st) {
            if (!st.is_ok()) return done(nullptr, st);
            done(adopt(*row, Owner{0, player}, player_name), st);
        });
}

void Registry::find_game(protocol::GameId id, RoomCallback done) {
    if (auto room = cached(id); room && !room->broken()) return done(room, storage::Status());
    auto row = std::make_shared<storage::GameRow>();
    auto name = std::make_shared<std::string>();
    ctx_.storage.read(
        [row, name, id](storage::Store& s) {
            auto found = s.game(id);
            if (!found) return storage::Status::not_found("no game " + std::to_string(id));
            *row = std::move(*found);
            if (row->player) {
                if (auto p = s.player(*row->player)) *name = p->name;
            }
            return storage::Status::ok();
        },
        [this, row, name, done](const storage::Status& st) {
            if (!st.is_ok()) return done(nullptr, st);
            done(adopt(*row, Owner{static_cast<GuestId>(row->guest.value_or(0)), row->player},
                       *name),
                 st);
        });
}

std::shared_ptr<GameRoom> Registry::cached(protocol::GameId id) const {
    std::lock_guard lock(mutex_);
    const auto it = games_.find(id);
    return it == games_.end() ? nullptr : it->second;
}

std::vector<protocol::GameId> Registry::open_games_of(const Owner& owner) const {
    std::vector<protocol::GameId> out;
    std::lock_guard lock(mutex_);
    for (const auto& [id, room] : games_) {
        if (room->finished() || room->broken()) continue;
        const Owner& o = room->owner();
        const bool mine = o.player ? o.player == owner.player : (o.guest == owner.guest);
        if (mine) out.push_back(id);
    }
    std::sort(out.begin(), out.end());
    return out;
}

void Registry::unfinished_daily(const std::string& up_to_day,
                                std::function<void(std::vector<std::shared_ptr<GameRoom>>)> done) {
    auto rows = std::make_shared<std::vector<storage::GameRow>>();
    auto names = std::make_shared<std::vector<std::string>>();
    ctx_.storage.read(
        [rows, names, up_to_day](storage::Store& s) {
            for (auto& g : s.unfinished_ranked_games()) {
                if (g.mode != storage::GameMode::kDaily || g.day > up_to_day) continue;
                auto p = g.player ? s.player(*g.player) : std::nullopt;
                names->push_back(p ? p->name : "");
                rows->push_back(std::move(g));
            }
            return storage::Status::ok();
        },
        [this, rows, names, done](const storage::Status&) {
            std::vector<std::shared_ptr<GameRoom>> rooms;
            for (std::size_t i = 0; i < rows->size(); ++i) {
                const auto& row = (*rows)[i];
                if (auto room = adopt(row,
                                      Owner{static_cast<GuestId>(row.guest.value_or(0)),
                                            row.player},
                                      (*names)[i])) {
                    rooms.push_back(std::move(room));
                }
            }
            done(std::move(rooms));
        });
}

}  // namespace pinfall::server
