// What the application layer shares across connections. Owned by main(); outlives every
// session. Each member documents its own thread-safety.
#pragma once

#include <string>

#include "server/app/boards/leaderboards.hpp"
#include "server/app/cluster/ownership.hpp"
#include "server/app/coach/analysis_limit.hpp"
#include "server/app/coach/analysis_pool.hpp"
#include "server/app/coach/par_keeper.hpp"
#include "server/app/core/address_budgets.hpp"
#include "server/app/core/clock.hpp"
#include "server/app/core/metrics.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/games/registry.hpp"
#include "server/app/lanes/lane_directory.hpp"
#include "server/app/leagues/league_news.hpp"
#include "server/app/players/guest_book.hpp"
#include "server/app/players/passwords.hpp"
#include "server/app/players/token_epochs.hpp"

namespace pinfall::server {

struct Services {
    Registry& registry;
    Metrics& metrics;
    const Clock& clock;
    StorageWorker& storage;
    Leaderboards& leaderboards;
    LaneDirectory& lanes;
    GuestBook& guests;
    AddressBudgets& budgets;
    LeagueNews& league_news;
    std::string server_name;  // "pinfall/<version>"
    std::string secret;       // the server secret (daily seeds, cursors)
    int max_json_depth = 16;
    std::string node_id;  // --node-id, set by main() before serving (docs/scaling.md)
    // The coach's pool, per-player limit and par (issue 16); set by main() before serving.
    AnalysisPool* analysis_pool = nullptr;
    AnalysisLimit* analysis_limit = nullptr;
    ParKeeper* par = nullptr;
    // Accounts with a password (issue 18); set by main() before serving.
    Passwords* passwords = nullptr;
    TokenEpochs* token_epochs = nullptr;
    // Who owns which player across nodes (issue 15); set by main() before serving.
    Ownership* ownership = nullptr;
};

}  // namespace pinfall::server
