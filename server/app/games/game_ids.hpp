// Game ids that are never reused, not even after a crash: ids are handed out only from a block
// reserved durably in storage beforehand (Store::reserve_game_ids), so a game whose row a crash
// lost (a practice game's row is a lazy write) leaves a gap, never a second game with its id.
// The next block is reserved while half of the current one is left, so a start almost never
// waits for a COMMIT. Blocks are taken with Store::take_game_ids, so nodes sharing a database
// never hand out the same id; a node's next block need not follow its current one.
//
// Thread-safety: allocate() from any thread.
#pragma once

#include <functional>
#include <mutex>
#include <optional>
#include <vector>

#include "server/app/core/storage_worker.hpp"

namespace pinfall::server {

class GameIds {
   public:
    static constexpr storage::GameRowId kBlock = 1024;

    struct Range {
        storage::GameRowId first = 1;  // next id to hand out
        storage::GameRowId last = 0;   // last id reserved
    };
    // At start-up, before the storage worker owns the store: takes the first block after
    // every id reserved or stored so far, durably. On failure sets *status.
    static Range reserve_first(storage::Store& store, storage::Status* status);

    GameIds(StorageWorker& storage, Range reserved) : storage_(storage), range_(reserved) {}

    // Calls done(id) with an id never handed out before: inline when the reserved block has
    // one, else on the storage thread once the next block's reservation has committed;
    // done(0) when that reservation failed.
    void allocate(std::function<void(storage::GameRowId)> done);

   private:
    void extend();  // REQUIRES: mutex_ not held
    void extended(Range block, bool ok);

    StorageWorker& storage_;
    std::mutex mutex_;
    Range range_;
    std::optional<Range> next_;  // taken, not yet in use
    bool extending_ = false;
    std::vector<std::function<void(storage::GameRowId)>> waiting_;
};

}  // namespace pinfall::server
