// Share cards of finished daily attempts (docs/protocol.md "Share cards", issue 30): the facts
// a card shows, gathered at request time, and its PNG, rendered once per result and kept in a
// bounded cache.
//
// A game has a card when it is a finished daily attempt still on its day's board: not held
// for review, not disqualified, not a banned player's (the in-memory board leaves those out,
// storage/store.hpp), and already added to the board (on another node, once its news came).
// The rank and total are read from the day's board at each request, the streak from the
// player's stored games, the reveal from the clock; before the reveal the facts hold no card,
// play or par (share_facts.hpp).
//
// Rendering runs on a thread of its own (never on a strand, the storage worker or a network
// thread): a render is milliseconds of CPU (docs/benchmarks.md "Share cards"). The cache keys
// are everything a card shows (share_key), so a new rank or the reveal makes a new image; it
// holds at most `cache_cards` images and one version a game.
//
// Thread-safety: every member may be called from any thread. `done` runs on the storage worker,
// the boards' strand or the render thread, and must only post onward. Deps outlive this object;
// stop() (or the destructor) before the storage worker and the boards go.
#pragma once

#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/app/boards/leaderboards.hpp"
#include "server/app/core/clock.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/share/share_facts.hpp"

namespace pinfall::server {

// Images by key, least recently used dropped first, one key a game (a new version of a game's
// card replaces the old). Thread-safe (one mutex, held for the lookup or insert only).
class ShareCache {
   public:
    explicit ShareCache(std::size_t capacity) : capacity_(capacity ? capacity : 1) {}
    // The image stored under key, or null.
    std::shared_ptr<const std::string> find(const std::string& key);
    void put(std::int64_t game, const std::string& key, std::shared_ptr<const std::string> png);
    std::size_t size() const;

   private:
    struct Entry {
        std::string key;
        std::int64_t game;
        std::shared_ptr<const std::string> png;
    };
    void erase(std::list<Entry>::iterator it);  // REQUIRES mu_ held

    mutable std::mutex mu_;
    std::size_t capacity_;
    std::list<Entry> order_;  // most recently used first
    std::unordered_map<std::string, std::list<Entry>::iterator> by_key_;
    std::unordered_map<std::int64_t, std::list<Entry>::iterator> by_game_;
};

// The PNG of f from the cache, else rendered on the calling thread and cached (*rendered then
// true); null when cairo fails. What ShareCards does on its render thread; benchmarks call it.
std::shared_ptr<const std::string> cached_card_png(ShareCache& cache, const ShareFacts& f,
                                                   bool* rendered = nullptr);

class ShareCards {
   public:
    struct Deps {
        StorageWorker& storage;
        Leaderboards& leaderboards;
        const Clock& clock;
        const std::string& public_url;  // --public-url, or empty (share_page.hpp)
    };
    static constexpr std::size_t kCacheCards = 256;  // about 20 MB at most (docs/benchmarks.md)

    enum class Status { kOk, kNotFound, kStorageError, kRenderError, kStopped };
    struct Facts {
        Status status = Status::kNotFound;
        std::optional<ShareFacts> facts;  // with kOk
    };
    struct Image {
        Status status = Status::kNotFound;
        std::shared_ptr<const std::string> png;  // with kOk: the PNG's bytes
    };

    explicit ShareCards(Deps deps, std::size_t cache_cards = kCacheCards);
    ~ShareCards();  // stop()
    ShareCards(const ShareCards&) = delete;
    ShareCards& operator=(const ShareCards&) = delete;

    // The facts of game's card (kNotFound: no card, see above).
    void facts(std::int64_t game, std::function<void(Facts)> done);
    // Its PNG, from the cache or rendered now (kStopped once stop() was called).
    void image(std::int64_t game, std::function<void(Image)> done);
    // Joins the render thread; renders not yet begun are dropped (their done never runs).
    void stop();

    std::uint64_t renders() const { return renders_.load(std::memory_order_relaxed); }
    std::uint64_t cache_hits() const { return hits_.load(std::memory_order_relaxed); }
    std::size_t cached() const { return cache_.size(); }
    const std::string& public_url() const { return d_.public_url; }

   private:
    Deps d_;
    ShareCache cache_;
    boost::asio::thread_pool render_{1};
    std::atomic<bool> stopped_{false};
    std::atomic<std::uint64_t> renders_{0}, hits_{0};
};

}  // namespace pinfall::server
