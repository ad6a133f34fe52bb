#include "server/app/players/guest_book.hpp"

#include <openssl/rand.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "engine/seed.hpp"

namespace pinfall::server {

std::string random_token() {
    static constexpr char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    unsigned char bytes[33] = {};
    // A failing CSPRNG is an environment failure we cannot hand out identities on.
    if (RAND_bytes(bytes, 32) != 1) throw std::runtime_error("RAND_bytes failed");
    std::string out;
    for (int i = 0; i < 33; i += 3) {  // 33 bytes (the last one zero) -> 44 chars; keep 43
        const std::uint32_t v = bytes[i] << 16 | bytes[i + 1] << 8 | bytes[i + 2];
        for (int s = 18; s >= 0; s -= 6) out += kAlphabet[v >> s & 63];
    }
    out.resize(43);
    return out;
}

GuestBook::Key GuestBook::token_key(const std::string& token) { return engine::sha256(token); }

GuestBook::Key GuestBook::key_of(std::string_view stored) {
    Key key{};
    std::memcpy(key.data(), stored.data(), std::min(stored.size(), key.size()));
    return key;
}

std::string GuestBook::text_of(const Key& key) { return std::string(key.begin(), key.end()); }

GuestBook::Ids GuestBook::take_first(storage::Store& store, storage::Status* status) {
    std::int64_t last = 0;
    *status = store.take_guest_ids(kBlock, &last);
    return Ids{last - kBlock + 1, last};
}

GuestBook::GuestBook(Metrics& metrics, StorageWorker& storage, const Clock& clock,
                     const std::vector<storage::GuestRow>& guests, Ids ids)
    : metrics_(metrics), storage_(storage), clock_(clock), ids_(ids) {
    const auto now = std::chrono::steady_clock::now();
    for (const auto& g : guests) {
        const auto id = static_cast<GuestId>(g.id);
        const Key key = key_of(g.token_hash);
        by_key_.emplace(key, id);
        by_id_.emplace(id, Entry{key, now});
    }
}

std::optional<std::pair<GuestId, std::string>> GuestBook::create() {
    std::string token = random_token();
    const Key key = token_key(token);
    GuestId id;
    bool take = false;
    {
        std::lock_guard lock(mutex_);
        if (ids_.first > ids_.last && next_block_) {
            ids_ = *next_block_;
            next_block_.reset();
        }
        // Half a block left: the next one is taken in the background.
        if (!taking_ && !next_block_ && ids_.last - ids_.first < kBlock / 2) take = taking_ = true;
        if (ids_.first > ids_.last) {
            id = 0;
        } else {
            id = static_cast<GuestId>(ids_.first++);
            by_key_.emplace(key, id);
            by_id_.emplace(id, Entry{key, std::chrono::steady_clock::now(), 1});
        }
    }
    if (take) take_next_block();
    if (id == 0) return std::nullopt;
    const auto now = unix_ms(clock_.now());
    storage_.write_lazy(
        [id, key, now](storage::Store& s) {
            return s.create_guest(static_cast<std::int64_t>(id), text_of(key), now);
        },
        nullptr);
    return std::make_pair(id, std::move(token));
}

void GuestBook::take_next_block() {
    auto last = std::make_shared<std::int64_t>(0);
    storage_.write([last](storage::Store& s) { return s.take_guest_ids(kBlock, last.get()); },
                       [this, last](const storage::Status& st) {
                           std::lock_guard lock(mutex_);
                           taking_ = false;
                           if (!st.is_ok()) {
                               spdlog::error("taking guest ids failed: {}", st.message());
                               return;
                           }
                           const Ids block{*last - kBlock + 1, *last};
                           if (ids_.first > ids_.last) {
                               ids_ = block;
                           } else {
                               next_block_ = block;
                           }
                       });
}

void GuestBook::find_stored(const std::string& token,
                            std::function<void(std::optional<GuestId>, const storage::Status&)> done) {
    const Key key = token_key(token);
    auto found = std::make_shared<std::optional<std::int64_t>>();
    storage_.read(
        [key, found](storage::Store& s) {
            *found = s.guest_by_token(text_of(key));
            return storage::Status::ok();
        },
        [this, key, found, done = std::move(done)](const storage::Status& st) {
                          if (!st.is_ok() || !*found) return done(std::nullopt, st);
                          const auto id = static_cast<GuestId>(**found);
                          {
                              std::lock_guard lock(mutex_);
                              by_key_.emplace(key, id);
                              Entry& e = by_id_.try_emplace(id, Entry{key, {}, 0}).first->second;
                              e.seen = std::chrono::steady_clock::now();
                              ++e.connections;
                          }
                          done(id, st);
                      });
}

std::optional<GuestId> GuestBook::find(const std::string& token) {
    const Key key = token_key(token);
    std::lock_guard lock(mutex_);
    const auto it = by_key_.find(key);
    if (it == by_key_.end()) return std::nullopt;
    Entry& e = by_id_[it->second];
    e.seen = std::chrono::steady_clock::now();
    ++e.connections;
    return it->second;
}

void GuestBook::release(GuestId guest) {
    std::lock_guard lock(mutex_);
    if (const auto it = by_id_.find(guest); it != by_id_.end()) {
        it->second.connections = std::max(0, it->second.connections - 1);
        it->second.seen = std::chrono::steady_clock::now();
    }
}

void GuestBook::touch(GuestId guest) {
    std::lock_guard lock(mutex_);
    if (const auto it = by_id_.find(guest); it != by_id_.end()) {
        it->second.seen = std::chrono::steady_clock::now();
    }
}

std::size_t GuestBook::size() const {
    std::lock_guard lock(mutex_);
    return by_id_.size();
}

void GuestBook::expire(SteadyTime unseen_since) {
    auto candidates = std::make_shared<std::vector<std::int64_t>>();
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, e] : by_id_) {
            if (e.connections == 0 && e.seen < unseen_since) {
                candidates->push_back(static_cast<std::int64_t>(id));
            }
        }
    }
    if (candidates->empty()) return;
    auto removed = std::make_shared<std::vector<std::int64_t>>();
    storage_.write(
        [candidates, removed](storage::Store& s) {
            return s.expire_guests(*candidates, removed.get());
        },
        [this, removed, unseen_since](const storage::Status& st) {
            if (!st.is_ok()) {
                spdlog::warn("expiring guests failed: {}", st.message());
                return;
            }
            expired(*removed, unseen_since);
        });
}

void GuestBook::expired(const std::vector<std::int64_t>& removed, SteadyTime unseen_since) {
    std::vector<std::pair<std::int64_t, Key>> revived;
    {
        std::lock_guard lock(mutex_);
        for (const auto raw : removed) {
            const auto it = by_id_.find(static_cast<GuestId>(raw));
            if (it == by_id_.end()) continue;
            if (it->second.connections > 0 || it->second.seen >= unseen_since) {
                revived.emplace_back(raw, it->second.key);  // seen while the delete ran
                continue;
            }
            by_key_.erase(it->second.key);
            by_id_.erase(it);
        }
    }
    metrics_.guests_expired.fetch_add(removed.size() - revived.size());
    if (!removed.empty()) {
        spdlog::info("{} guests expired ({} seen again meanwhile, kept)", removed.size() - revived.size(),
                     revived.size());
    }
    const auto now = unix_ms(clock_.now());
    for (auto& [id, key] : revived) {
        storage_.write_lazy(
            [id, key, now](storage::Store& s) { return s.create_guest(id, text_of(key), now); },
            nullptr);
    }
}

}  // namespace pinfall::server
