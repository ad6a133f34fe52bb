#include "server/app/game_ids.hpp"

#include <spdlog/spdlog.h>

namespace pinfall::server {

GameIds::Range GameIds::reserve_first(storage::Store& store, storage::Status* status) {
    const storage::GameRowId from = store.game_id_reservation();
    // Outside a transaction the statement commits by itself before this returns.
    *status = store.reserve_game_ids(from + kBlock);
    return Range{from + 1, from + kBlock};
}

void GameIds::allocate(std::function<void(storage::GameRowId)> done) {
    storage::GameRowId id = 0;
    bool extend_now = false;
    {
        std::lock_guard lock(mutex_);
        if (range_.first <= range_.last) id = range_.first++;
        if (!extending_ && range_.last - range_.first < kBlock / 2) {
            extending_ = true;
            extend_now = true;
        }
        if (!id) waiting_.push_back(std::move(done));
    }
    if (extend_now) extend();
    if (id) done(id);
}

void GameIds::extend() {
    storage::GameRowId up_to;
    {
        std::lock_guard lock(mutex_);
        up_to = range_.last + kBlock;
    }
    storage_.write([up_to](storage::Store& s) { return s.reserve_game_ids(up_to); },
                   [this, up_to](const storage::Status& st) {
                       if (!st.is_ok()) spdlog::error("reserving game ids failed: {}", st.message());
                       extended(up_to, st.is_ok());
                   });
}

void GameIds::extended(storage::GameRowId up_to, bool ok) {
    std::vector<std::pair<std::function<void(storage::GameRowId)>, storage::GameRowId>> served;
    bool again = false;
    {
        std::lock_guard lock(mutex_);
        extending_ = false;
        if (ok) range_.last = up_to;
        auto it = waiting_.begin();
        for (; it != waiting_.end() && (!ok || range_.first <= range_.last); ++it) {
            served.emplace_back(std::move(*it), ok ? range_.first++ : 0);
        }
        waiting_.erase(waiting_.begin(), it);
        // More waiting than a block holds, or the block is half used already: reserve on.
        if (ok && (!waiting_.empty() || range_.last - range_.first < kBlock / 2)) {
            extending_ = again = true;
        }
    }
    if (again) extend();
    for (auto& [done, id] : served) done(id);
}

}  // namespace pinfall::server
