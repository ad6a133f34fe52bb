#include "server/app/games/game_ids.hpp"

#include <spdlog/spdlog.h>

#include <memory>

namespace pinfall::server {

GameIds::Range GameIds::reserve_first(storage::Store& store, storage::Status* status) {
    storage::GameRowId last = 0;
    // Outside a transaction the statement commits by itself before this returns.
    *status = store.take_game_ids(kBlock, &last);
    return Range{last - kBlock + 1, last};
}

void GameIds::allocate(std::function<void(storage::GameRowId)> done) {
    storage::GameRowId id = 0;
    bool extend_now = false;
    {
        std::lock_guard lock(mutex_);
        if (range_.first > range_.last && next_) {
            range_ = *next_;
            next_.reset();
        }
        if (range_.first <= range_.last) id = range_.first++;
        if (!extending_ && !next_ && range_.last - range_.first < kBlock / 2) {
            extending_ = true;
            extend_now = true;
        }
        if (!id) waiting_.push_back(std::move(done));
    }
    if (extend_now) extend();
    if (id) done(id);
}

void GameIds::extend() {
    auto last = std::make_shared<storage::GameRowId>(0);
    storage_.write([last](storage::Store& s) { return s.take_game_ids(kBlock, last.get()); },
                   [this, last](const storage::Status& st) {
                       if (!st.is_ok()) spdlog::error("reserving game ids failed: {}", st.message());
                       extended(Range{*last - kBlock + 1, *last}, st.is_ok());
                   });
}

void GameIds::extended(Range block, bool ok) {
    std::vector<std::pair<std::function<void(storage::GameRowId)>, storage::GameRowId>> served;
    bool again = false;
    {
        std::lock_guard lock(mutex_);
        extending_ = false;
        if (ok) {
            if (range_.first > range_.last) {
                range_ = block;
            } else {
                next_ = block;
            }
        }
        auto it = waiting_.begin();
        for (; it != waiting_.end() && (!ok || range_.first <= range_.last); ++it) {
            served.emplace_back(std::move(*it), ok ? range_.first++ : 0);
        }
        waiting_.erase(waiting_.begin(), it);
        // More waiting than a block holds, or the block is half used already: reserve on.
        if (ok && !next_ && (!waiting_.empty() || range_.last - range_.first < kBlock / 2)) {
            extending_ = again = true;
        }
    }
    if (again) extend();
    for (auto& [done, id] : served) done(id);
}

}  // namespace pinfall::server
