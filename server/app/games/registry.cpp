#include "server/app/games/registry.hpp"

#include <boost/asio/post.hpp>
#include <openssl/rand.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <stdexcept>

namespace pinfall::server {
namespace {

void random_bytes(unsigned char* out, int n) {
    // A failing CSPRNG is an environment failure we cannot deal cards on.
    if (RAND_bytes(out, n) != 1) throw std::runtime_error("RAND_bytes failed");
}

}  // namespace

engine::Seed random_seed() {
    engine::Seed s{};
    random_bytes(s.data(), static_cast<int>(s.size()));
    return s;
}

Registry::Registry(IoPool& pool, RoomContext& ctx, std::size_t max_games, GameIds::Range ids,
                   std::size_t finished_kept)
    : pool_(pool),
      ctx_(ctx),
      max_games_(max_games),
      finished_kept_(finished_kept),
      ids_(ctx.storage, ids) {}

std::shared_ptr<GameRoom> Registry::adopt(const storage::GameRow& row, Owner owner,
                                          std::string player_name) {
    {
        std::lock_guard lock(mutex_);
        if (const auto it = games_.find(row.id); it != games_.end() && !it->second->broken()) {
            return it->second;
        }
    }
    auto room = GameRoom::restore(pool_.next(), row, std::move(owner),
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

void Registry::finished(protocol::GameId id) {
    std::shared_ptr<GameRoom> leaving;  // let go after the lock: its last owner may be us
    std::lock_guard lock(mutex_);
    finished_order_.push_back(id);
    if (finished_order_.size() <= finished_kept_) return;
    const protocol::GameId oldest = finished_order_.front();
    finished_order_.pop_front();
    // A sweep may have dropped it already (and a request loaded it again: finished too).
    if (const auto it = games_.find(oldest); it != games_.end() && it->second->finished()) {
        leaving = std::move(it->second);
        games_.erase(it);
    }
}

void Registry::evict_locked() {
    for (auto it = games_.begin(); it != games_.end();) {
        it = it->second->finished() ? games_.erase(it) : std::next(it);
    }
}

void Registry::create_game(Owner owner, std::string player_name, storage::GameRow row,
                           RoomCallback done, std::optional<Strand> strand) {
    if (owner.guest) row.guest = static_cast<std::int64_t>(owner.guest);
    ids_.allocate([this, owner, player_name = std::move(player_name), row = std::move(row),
                   done = std::move(done),
                   strand = std::move(strand)](storage::GameRowId id) mutable {
        if (!id) return done(nullptr, storage::Status::error("no game id could be reserved"));
        row.id = id;
        open_new(std::move(row), owner, std::move(player_name),
                 strand ? std::move(*strand) : pool_.next(), std::move(done));
    });
}

void Registry::open_new(storage::GameRow row, Owner owner, std::string player_name,
                        Strand strand, RoomCallback done) {
    auto room = GameRoom::restore(std::move(strand), row, std::move(owner),
                                  std::move(player_name), ctx_);
    if (!room) return done(nullptr, storage::Status::error("the game could not be set up"));
    {
        // The capacity check and the insertion under one lock: concurrent starts cannot
        // both see the last free place.
        std::lock_guard lock(mutex_);
        if (games_.size() >= max_games_) evict_locked();
        if (games_.size() >= max_games_) {
            return done(nullptr, storage::Status::conflict("server_busy"));
        }
        games_.emplace(row.id, room);
        ctx_.metrics.games_active.fetch_add(1);
    }
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

void Registry::evict_idle(std::chrono::steady_clock::time_point cutoff) {
    std::vector<std::shared_ptr<GameRoom>> idle;
    {
        std::lock_guard lock(mutex_);
        evict_locked();
        for (const auto& [id, room] : games_) {
            if (room->mode() == storage::GameMode::kPractice && room->last_active() < cutoff) {
                idle.push_back(room);
            }
        }
    }
    for (auto& room : idle) {
        boost::asio::post(room->executor(), [this, room, cutoff] {
            if (!room->evict_if_idle(cutoff)) return;
            std::lock_guard lock(mutex_);
            if (const auto it = games_.find(room->id()); it != games_.end() && it->second == room) {
                games_.erase(it);
                ctx_.metrics.games_active.fetch_sub(1);
                ctx_.metrics.games_evicted.fetch_add(1);
            }
        });
    }
}

void Registry::hand_over(storage::PlayerId player, std::function<void()> done) {
    std::vector<std::shared_ptr<GameRoom>> rooms;
    {
        std::lock_guard lock(mutex_);
        for (auto it = games_.begin(); it != games_.end();) {
            const Owner& owner = it->second->owner();
            // A negative key is a guest's (guest_key): its games as a guest.
            const bool mine = player > 0 ? owner.player == player
                                         : (!owner.player && owner.guest == static_cast<GuestId>(-player));
            if (!mine) {
                ++it;
                continue;
            }
            if (!it->second->finished()) ctx_.metrics.games_active.fetch_sub(1);
            leaving_.push_back(it->second);
            rooms.push_back(std::move(it->second));
            it = games_.erase(it);
        }
    }
    // The barrier: a write queued after each room's last one completes after them.
    auto barrier = [this, done = std::move(done)] {
        ctx_.storage.write([](storage::Store&) { return storage::Status::ok(); },
                           [done](const storage::Status&) { done(); });
    };
    auto left = std::make_shared<std::atomic<std::size_t>>(rooms.size() + 1);
    auto one = [left, barrier] {
        if (left->fetch_sub(1) == 1) barrier();
    };
    for (auto& room : rooms) {
        boost::asio::post(room->executor(), [this, room, one] {
            room->hand_over();
            {
                std::lock_guard lock(mutex_);
                std::erase(leaving_, room);
            }
            one();
        });
    }
    one();
}

void Registry::save_unfinished_practice() {
    std::lock_guard lock(mutex_);
    for (const auto& [id, room] : games_) room->save_unfinished_practice();
    for (const auto& room : leaving_) room->save_unfinished_practice();
}

void Registry::daily_attempt(storage::PlayerId player, std::string player_name, std::string day,
                             const engine::Seed& seed, std::int64_t now_ms, const Origin& origin,
                             RoomCallback done) {
    ranked_game(
        player, std::move(player_name),
        [player, day, seed, now_ms, origin](storage::Store& s, storage::GameRow& row) {
            if (auto existing = s.daily_attempt(player, day)) {
                row = std::move(*existing);
                return storage::Status::ok();
            }
            row.player = player;
            row.mode = storage::GameMode::kDaily;
            row.seed = seed;
            row.day = day;
            row.started_at = now_ms;
            row.origin_address = origin.address;
            row.origin_browser = origin.browser;
            return s.create_game(row);
        },
        std::move(done));
}

void Registry::ranked_game(
    storage::PlayerId player, std::string player_name,
    std::function<storage::Status(storage::Store&, storage::GameRow&)> find_or_create,
    RoomCallback done) {
    ids_.allocate([this, player, player_name = std::move(player_name),
                   find_or_create = std::move(find_or_create),
                   done = std::move(done)](storage::GameRowId id) mutable {
        if (!id) return done(nullptr, storage::Status::error("no game id could be reserved"));
        auto row = std::make_shared<storage::GameRow>();
        row->id = id;  // used if find_or_create inserts a new game
        ctx_.storage.write(
            [row, find_or_create = std::move(find_or_create)](storage::Store& s) {
                return find_or_create(s, *row);
            },
            [this, row, player, player_name, done](const storage::Status& st) {
                if (!st.is_ok()) return done(nullptr, st);
                done(adopt(*row, Owner{0, player}, player_name), st);
            });
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

void Registry::open_games_of(GuestId guest,
                             std::function<void(std::vector<protocol::GameId>)> done) {
    auto stored = std::make_shared<std::vector<storage::GameRowId>>();
    ctx_.storage.read(
        [stored, guest](storage::Store& s) {
            *stored = s.unfinished_guest_games(static_cast<std::int64_t>(guest));
            return storage::Status::ok();
        },
        [this, stored, guest, done](const storage::Status&) {
            std::vector<protocol::GameId> out;
            {
                // Memory is the later word: a game finished there may not be stored as
                // finished yet, and a new one may not be stored at all.
                std::lock_guard lock(mutex_);
                for (const auto id : *stored) {
                    const auto it = games_.find(id);
                    if (it == games_.end() || !it->second->finished()) out.push_back(id);
                }
                for (const auto& [id, room] : games_) {
                    const Owner& o = room->owner();
                    if (!o.player && o.guest == guest && !room->finished() && !room->broken()) {
                        out.push_back(id);
                    }
                }
            }
            std::sort(out.begin(), out.end());
            out.erase(std::unique(out.begin(), out.end()), out.end());
            done(std::move(out));
        });
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
