// Server settings from flags and PINFALL_* environment variables (flags win).
// `pinfall-server --help` lists them; docs/protocol.md "Limits" documents the defaults.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "server/app/arenas/arena_schedule.hpp"

namespace pinfall::server {

struct Config {
    std::string bind = "0.0.0.0";
    std::uint16_t port = 8080;
    std::string db_path = "var/pinfall.db";
    unsigned threads = 0;  // 0: one per core
    std::string secret_file;
    std::string secret;  // the file's bytes, one trailing newline removed
    std::string log_level = "info";
    std::string static_dir = "web";
    // The address phones and others open (https://bowl.example/); empty: offer LAN addresses.
    // Ends with "/".
    std::string public_url;
    // This node's name in /healthz, /metrics and logs (docs/scaling.md): letters, digits and
    // ".-_:" only, at most 64. Empty: "<host name>:<port>", filled once the port is known.
    std::string node_id;
    std::optional<std::string> clock_start;  // RFC 3339 instant the clock starts from
    // Copy this database (sqlite:PATH) into the empty --db one, then exit (docs/storage.md).
    std::optional<std::string> migrate_from;

    std::size_t max_message_bytes = 8192;
    int max_json_depth = 16;
    unsigned msg_rate = 100;  // messages per connection per window; 0: unlimited
    unsigned msg_window_ms = 1000;
    std::size_t max_connections = 10000;
    std::size_t max_connections_per_ip = 256;
    unsigned handshake_timeout_ms = 10000;
    unsigned idle_timeout_ms = 60000;
    std::size_t write_queue_max = 256;  // queued messages before a slow consumer is closed
    std::size_t max_games = 100000;
    unsigned shutdown_grace_ms = 3000;

    // Budgets per address (and per guest or player), each refilled over budget_window_ms;
    // 0: unlimited. docs/protocol.md "Budgets and lifetimes" explains them.
    unsigned guests_per_ip = 60;        // new guests (hello without a token)
    unsigned games_per_ip = 600;        // practice games started
    unsigned lanes_per_ip = 30;         // lanes opened
    unsigned lane_misses_per_ip = 20;   // lane_join / lane_watch with a code of no lane
    unsigned password_tries = 10;       // password attempts per address and per account
    unsigned follows_per_ip = 60;       // follow, unfollow, block, unblock together
    unsigned budget_window_ms = 600000;
    // Lifetimes: a guest that owns nothing expires this long after it was last seen; a
    // practice game or lane idle this long leaves memory (it is stored; loaded again on use).
    std::uint64_t guest_ttl_ms = 86400000;
    std::uint64_t idle_evict_ms = 1800000;
    unsigned sweep_ms = 60000;  // how often expiry and eviction run

    // The analysis pool (hints, reviews, par; server/app/coach/analysis_pool.hpp) and the per-player
    // limit of hints and reviews (analysis_limit.hpp). docs/protocol.md "Hints and reviews".
    unsigned analysis_threads = 1;
    std::size_t analysis_queue = 32;
    unsigned analysis_rate = 30;  // tokens per window; a hint costs 1, a review 5; 0: unlimited
    unsigned analysis_window_ms = 60000;
    // The integrity analysis of finished ranked games (issue 27) runs at idle priority (true):
    // only when a core has nothing else to do. Tests turn it off so that a busy test machine
    // does not starve it.
    bool integrity_idle = true;
    // Recurring arenas (--arena-schedule, docs/protocol.md "Arenas"); none by default.
    std::optional<ArenaSchedule> arena_schedule;
    // Daily reminders by Web Push (docs/protocol.md "Reminders and settings"): how often this
    // node looks for reminders due (0: it sends none), the VAPID contact, one push request's
    // time and how many are in flight, and whether http endpoints and IP addresses are taken
    // (tests only).
    unsigned reminder_check_ms = 60000;
    std::string push_subject = "mailto:admin@pinfall.invalid";
    unsigned push_timeout_ms = 10000;
    unsigned push_concurrency = 16;
    bool push_insecure_endpoints = false;
    std::string push_ca_file;  // PEM certificates trusted besides the system's (tests)
};

// What main() should do instead of serving: print `text` and exit with `status`.
struct Exit {
    int status;
    std::string text;
};

// Parses argv and the environment, then reads the secret file. Returns Exit for --help (0) and
// for any invalid setting or a missing/empty secret file (2) rather than run with a default.
std::variant<Config, Exit> load_config(int argc, char** argv);

}  // namespace pinfall::server
