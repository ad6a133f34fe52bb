// Guest identities: a random token (32 bytes, base64url) names a guest; only its SHA-256 is
// kept, in memory (so hello needs no storage round trip) and in storage (so guests survive
// restarts). A guest that owns nothing stored (no game, no lane, no lane side) expires
// guest_ttl after it was last seen (hello, a game or lane started) once no connection acts as
// it: expire() deletes it from storage and memory, so one address cannot grow the guest table
// without bound, while a connection never loses the guest it said hello as.
// Guest ids come from blocks taken in storage (Store::take_guest_ids), so nodes sharing a
// database never make two guests with one id, and a guest another node made is found in
// storage (find_stored) when its player reaches this node (docs/scaling.md).
//
// Thread-safety: every member is safe from any thread (one mutex, never held while calling out).
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/app/core/clock.hpp"
#include "server/app/core/identity.hpp"
#include "server/app/core/metrics.hpp"
#include "server/app/core/storage_worker.hpp"

namespace pinfall::server {

class GuestBook {
   public:
    using SteadyTime = std::chrono::steady_clock::time_point;

    struct Ids {
        std::int64_t first = 1;  // next id to hand out
        std::int64_t last = 0;   // last id of the block
    };
    // Large enough that a burst of hellos (the idle-hold benchmark opens 19,000 at once) does
    // not spend a block before the next one, taken at half a block left, is committed behind
    // the burst's own guest rows; a node's restart leaves at most one block unused, of 2^63.
    static constexpr std::int64_t kBlock = 65536;
    // At start-up, before the storage worker owns the store: takes the first block of ids.
    static Ids take_first(storage::Store& store, storage::Status* status);

    // guests: every stored guest (loaded at start-up), seen "now"; ids: take_first's block.
    GuestBook(Metrics& metrics, StorageWorker& storage, const Clock& clock,
              const std::vector<storage::GuestRow>& guests, Ids ids);

    // A new guest and its token, held by the calling connection until release(); its row is
    // stored in the background (a crash before the COMMIT loses only a token no game refers
    // to yet). nullopt when no id is left until the next block is taken (then retry).
    std::optional<std::pair<GuestId, std::string>> create();
    // The guest a token names, marked as seen and held by the calling connection until
    // release(); nullopt for a token of no guest in memory.
    std::optional<GuestId> find(const std::string& token);
    // find() for a token not in memory: looks in storage (a guest made by another node, or
    // by this one before it expired here) and holds it as find() does. done(id or nullopt,
    // the read's status: an error when storage failed) runs on the storage thread.
    void find_stored(const std::string& token,
                     std::function<void(std::optional<GuestId>, const storage::Status&)> done);
    // A connection that held the guest (create or find) closed.
    void release(GuestId guest);
    // Marks the guest as seen (it starts something that will be stored under its id).
    void touch(GuestId guest);
    // Deletes the guests not seen since `unseen_since` that own nothing stored. Runs in the
    // background; a guest seen again while its deletion was in flight is stored again.
    void expire(SteadyTime unseen_since);
    std::size_t size() const;

   private:
    // The SHA-256 of a token, held as its 32 bytes (a std::string of them cost a heap block
    // twice a guest); storage keeps the same bytes as text.
    using Key = std::array<std::uint8_t, 32>;
    struct KeyHash {
        // A digest's bytes are uniform already: its first eight are the hash.
        std::size_t operator()(const Key& k) const {
            std::size_t h;
            std::memcpy(&h, k.data(), sizeof h);
            return h;
        }
    };
    static Key key_of(std::string_view stored);  // storage's bytes (32) as a Key
    static std::string text_of(const Key& key);  // and back
    static Key token_key(const std::string& token);
    struct Entry {
        Key key;  // SHA-256 of the token
        SteadyTime seen;
        int connections = 0;  // connections acting as this guest now: never expired meanwhile
    };
    void expired(const std::vector<std::int64_t>& removed, SteadyTime unseen_since);
    void take_next_block();  // REQUIRES: mutex_ not held

    Metrics& metrics_;
    StorageWorker& storage_;
    const Clock& clock_;
    mutable std::mutex mutex_;
    std::unordered_map<Key, GuestId, KeyHash> by_key_;
    std::unordered_map<GuestId, Entry> by_id_;
    Ids ids_;
    std::optional<Ids> next_block_;
    bool taking_ = false;
};

// 32 random bytes from the OS (OpenSSL RAND_bytes) as base64url without padding (43 chars).
std::string random_token();

}  // namespace pinfall::server
