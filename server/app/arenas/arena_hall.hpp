// The arenas of this node (docs/rules.md "Arenas", docs/protocol.md "Arenas"), on one strand:
// every arena not long ended, its standings fed by each finished game (this node's, and other
// nodes' by NOTIFY pinfall_arena), and the connections watching it. Once a second it pushes the
// standings of each arena that changed (coalesced: the top 10, each watcher's own line, the
// total), pushes an arena's start and end, ends the arena once in storage (ended_at, whichever
// node gets there first), ends the games whose clock or grace ran out (as they stand, whether
// or not their player is connected), and keeps the next scheduled arena created.
//
// Thread-safety: load() before serving; every other member from any thread (they post).
// Collaborators outlive it.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/app/arenas/arena_schedule.hpp"
#include "server/app/arenas/arena_standings.hpp"
#include "server/app/core/clock.hpp"
#include "server/app/core/outbox.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/games/registry.hpp"
#include "server/app/inbox/inbox.hpp"
#include "storage/arenas.hpp"

namespace pinfall::server {

inline constexpr const char* kArenaChannel = "pinfall_arena";
inline constexpr int kArenaTop = 10;
// A game without a clock still counts when it finishes this long after the arena's end.
inline constexpr storage::Millis kArenaGraceMs = 10 * 60 * 1000;
// An ended arena stays in memory this long (its last pushes, its detail without a reload).
inline constexpr storage::Millis kArenaKeepMs = 60 * 60 * 1000;

// A finished arena game, as the standings need it.
struct ArenaResult {
    std::int64_t arena = 0;
    std::int64_t player = 0;
    std::string name;
    int n = 0;
    std::int64_t game = 0;
    engine::ArenaGame game_result;
};

// The last moment an arena game may run: its clock from its start (halved when berserk), else
// the arena's end plus the grace.
storage::Millis arena_game_deadline(const storage::ArenaRow& a, storage::Millis started_at,
                                    bool berserk);
// "upcoming", "live" or "finished" at now.
const char* arena_status(const storage::ArenaRow& a, storage::Millis now);
protocol::ArenaInfo arena_info(const storage::ArenaRow& a, storage::Millis now,
                               const std::string& creator_name);

class ArenaHall {
   public:
    struct Deps {
        StorageWorker& storage;
        const Clock& clock;
        Registry& registry;
        const std::string& node;  // this node's id, named before serving
        std::optional<ArenaSchedule> schedule;
        Inbox& inbox;  // members are told 5 minutes before the start (arena_starting)
    };
    static constexpr storage::Millis kStartingNoticeMs = 5 * 60'000;
    ArenaHall(boost::asio::any_io_executor strand, Deps d);

    // The arenas not ended long ago, with their members, games and creators' names.
    struct Loaded {
        struct One {
            storage::ArenaRow row;
            std::vector<storage::ArenaMemberRow> members;
            std::vector<storage::ArenaGameRow> games;
            std::string creator;
        };
        std::vector<One> arenas;
    };
    // Reads them (at start, before the storage worker owns the store).
    static Loaded read(storage::Store& s, storage::Millis now);
    // Holds them, with the deadlines of their unfinished games. REQUIRES: before serving.
    void load(Loaded loaded);
    void start();
    void stop();

    // The arena's row or members changed (created, joined, left): reloads them from storage.
    void arena_changed(std::int64_t arena);
    // A finished game (this node's or another's): idempotent.
    void result(ArenaResult r);
    // The player's results were held, cleared or disqualified, or the player (un)banned: the
    // standings of every arena they are in are rebuilt from storage.
    void player_changed(std::int64_t player);
    // A game started: shown on its player's line (to watch), ended by the hall at `deadline`
    // unless it finished before.
    void game_started(std::int64_t arena, std::int64_t player, std::int64_t game,
                      storage::Millis deadline);
    // `to` gets the arena's pushes from now on (player: its own line), until it closes.
    void watch(std::int64_t arena, const std::shared_ptr<Outbox>& to,
               std::optional<std::int64_t> player);
    // A page of the standings (done on the strand; nullopt when the arena is not in memory).
    void page(std::int64_t arena, std::optional<std::int64_t> me, int offset, int limit,
              std::function<void(std::optional<ArenaPage>)> done);
    // Notices of other nodes (kArenaChannel).
    void on_notice(const std::string& payload);
    // Inside the transaction that stores a finished arena game or changes an arena.
    static storage::Status announce_result(storage::Store& s, const std::string& node,
                                           const ArenaResult& r);
    static storage::Status announce_change(storage::Store& s, const std::string& node,
                                           std::int64_t arena);

   private:
    struct Watcher {
        std::weak_ptr<Outbox> to;
        std::optional<std::int64_t> player;
    };
    struct Arena {
        storage::ArenaRow row;
        ArenaStandings standings;
        std::vector<Watcher> watchers;
        bool dirty = false;
        bool started_pushed = false;
        bool starting_told = false;  // arena_starting notices sent (from this node)
        bool ended_pushed = false;
        bool ending = false;  // the end is being written
    };
    void tick();
    void schedule_tick();
    void refresh(std::int64_t arena);
    void adopt(storage::ArenaRow row, const std::vector<storage::ArenaMemberRow>& members,
               const std::vector<storage::ArenaGameRow>& games, const std::string& creator);
    void push_standings(Arena& a);
    void push_event(Arena& a, const char* type);
    void end_games(storage::Millis now);
    void tell_starting(std::int64_t arena, const storage::ArenaRow& row);
    void end_arenas(storage::Millis now);
    void keep_scheduled(storage::Millis now);

    boost::asio::any_io_executor strand_;
    boost::asio::steady_timer timer_;
    Deps d_;
    std::map<std::int64_t, Arena> arenas_;
    std::map<std::int64_t, std::string> creators_;  // arena -> creator's name
    std::map<std::int64_t, storage::Millis> deadlines_;  // open game -> when it must end
    storage::Millis scheduled_until_ = 0;  // the schedule's slots up to here exist
    bool stopped_ = false;
};

}  // namespace pinfall::server
