// Registry::guest_daily_attempt: a guest's daily attempt under its ranked identity
// (docs/rules.md "Guests and the daily"). The identity and the attempt are found or made in
// one write, so an identity never exists without the game that keeps its guest from expiring.
#include "engine/seed.hpp"
#include "server/app/games/registry.hpp"
#include "server/app/players/guest_book.hpp"
#include "storage/guest_players.hpp"

namespace pinfall::server {

void Registry::guest_daily_attempt(GuestId guest, std::vector<std::string> names, std::string day,
                                   const engine::Seed& seed, std::int64_t now_ms,
                                   const Origin& origin, GuestDailyCallback done) {
    ids_.allocate([this, guest, names = std::move(names), day = std::move(day), seed, now_ms, origin,
                   done = std::move(done)](storage::GameRowId id) mutable {
        if (!id) {
            return done(nullptr, storage::Status::error("no game id could be reserved"), {});
        }
        auto row = std::make_shared<storage::GameRow>();
        auto who = std::make_shared<storage::GuestPlayer>();
        row->id = id;
        // The identity's own token is one nobody is given: it is reached only through the
        // guest, until registration gives it a real one.
        const auto unknown = engine::sha256(random_token());
        ctx_.storage.write(
            [row, who, guest, names, day, seed, now_ms, origin,
             token = std::string(unknown.begin(), unknown.end())](storage::Store& s) {
                const auto g = static_cast<std::int64_t>(guest);
                auto st = storage::ensure_guest_player(s, g, names, token, now_ms, who.get());
                if (!st.is_ok()) return st;
                if (auto existing = s.daily_attempt(who->player.id, day)) {
                    *row = std::move(*existing);
                    return storage::Status::ok();
                }
                row->player = who->player.id;
                row->guest = g;
                row->mode = storage::GameMode::kDaily;
                row->seed = seed;
                row->day = day;
                row->started_at = now_ms;
                row->origin_address = origin.address;
                row->origin_browser = origin.browser;
                return s.create_game(*row);
            },
            [this, row, who, guest, done](const storage::Status& st) {
                if (!st.is_ok()) return done(nullptr, st, who->player);
                done(adopt(*row, Owner{guest, who->player.id}, who->player.name), st,
                     who->player);
            });
    });
}

}  // namespace pinfall::server
