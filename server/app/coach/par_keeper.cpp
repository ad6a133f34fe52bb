#include "server/app/coach/par_keeper.hpp"

#include <spdlog/spdlog.h>

#include <memory>

#include "engine/par.hpp"
#include "engine/record.hpp"

namespace pinfall::server {

namespace {

void store_game_par(StorageWorker& storage, storage::GameRowId game, int par) {
    storage.write_lazy([game, par](storage::Store& s) { return s.set_game_par(game, par); },
                       [game](const storage::Status& st) {
                           if (!st.is_ok()) spdlog::warn("par of game {}: {}", game, st.message());
                       });
}

}  // namespace

void ParKeeper::game_finished(storage::GameRowId game, engine::Ruleset ruleset,
                              const engine::Seed& seed) {
    // Bounded: a backlog beyond the background queue is dropped rather than held without end
    // (fill() computes a dropped game's par when its record is shown).
    background_.submit([this, game, ruleset, seed] {
        store_game_par(storage_, game, engine::solve_par(ruleset, seed).par);
    });
}

void ParKeeper::day_revealed(const std::string& day, const engine::Seed& seed, storage::Millis now,
                             std::function<void(const storage::Status&)> done) {
    pool_.submit(
        [this, day, seed, now, done = std::move(done)] {
            const auto ruleset = engine::Ruleset::kSackson;
            const auto result = engine::solve_par(ruleset, seed);
            const std::string line =
                engine::record_text(engine::par_record(ruleset, seed, result));
            storage_.write(
                [day, par = result.par, line, now](storage::Store& s) {
                    return s.reveal_day_par(day, par, line, now);
                },
                [day, done](const storage::Status& st) {
                    if (!st.is_ok()) spdlog::warn("par of day {}: {}", day, st.message());
                    if (done) done(st);
                });
        },
        false);
}

void ParKeeper::fill(storage::GameRowId game, engine::Ruleset ruleset, const engine::Seed& seed,
                     std::function<void(std::optional<int>)> then) {
    auto shared = std::make_shared<std::function<void(std::optional<int>)>>(std::move(then));
    const bool queued = pool_.submit(
        [this, game, ruleset, seed, shared] {
            const int par = engine::solve_par(ruleset, seed).par;
            store_game_par(storage_, game, par);
            (*shared)(par);
        },
        false);
    if (!queued) (*shared)(std::nullopt);
}

}  // namespace pinfall::server
