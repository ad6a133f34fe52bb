#include "server/config.hpp"

#include <boost/program_options.hpp>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <thread>

namespace pinfall::server {

namespace po = boost::program_options;

namespace {

std::string env_to_option(const std::string& env) {
    constexpr std::string_view kPrefix = "PINFALL_";
    if (env.rfind(kPrefix, 0) != 0) return {};
    std::string name = env.substr(kPrefix.size());
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) {
        return c == '_' ? '-' : static_cast<char>(std::tolower(c));
    });
    return name;
}

}  // namespace

std::variant<Config, Exit> load_config(int argc, char** argv) {
    Config c;
    std::string clock_start;
    std::string migrate_from;
    std::string arena_schedule;
    unsigned port = c.port;
    po::options_description desc("pinfall-server options (each also as PINFALL_<NAME>)");
    // clang-format off
    desc.add_options()
        ("help", "print this help and exit")
        ("bind", po::value(&c.bind)->default_value(c.bind), "address to listen on")
        ("port", po::value(&port)->default_value(port), "TCP port (HTTP and WebSocket /ws); 0 picks a free one")
        ("db", po::value(&c.db_path)->default_value(c.db_path),
         "database: sqlite:PATH (or a bare PATH), or a PostgreSQL URI "
         "postgresql://user@host:port/db (password from the URI, PGPASSWORD or ~/.pgpass)")
        ("migrate-from", po::value(&migrate_from),
         "copy this database (sqlite:PATH) into the empty --db database, print what was copied "
         "and exit (no secret needed)")
        ("threads", po::value(&c.threads)->default_value(c.threads), "I/O threads; 0: cores")
        ("secret-file", po::value(&c.secret_file), "file holding the server secret (required)")
        ("log-level", po::value(&c.log_level)->default_value(c.log_level),
         "trace, debug, info, warn, error")
        ("static-dir", po::value(&c.static_dir)->default_value(c.static_dir),
         "directory of the browser client")
        ("public-url", po::value(&c.public_url),
         "the address clients share (lane links, QR codes), e.g. https://bowl.example/; "
         "without it the browser offers the server's LAN addresses")
        ("node-id", po::value(&c.node_id),
         "this node's name in /healthz, /metrics and logs (letters, digits, \".-_:\", at most "
         "64); default: host name and port")
        ("clock-start", po::value(&clock_start),
         "start the server clock at this RFC 3339 instant (tests, demos)")
        ("max-message", po::value(&c.max_message_bytes)->default_value(c.max_message_bytes),
         "largest inbound WebSocket message in bytes (larger: closed with 1009)")
        ("max-depth", po::value(&c.max_json_depth)->default_value(c.max_json_depth),
         "deepest JSON nesting accepted")
        ("msg-rate", po::value(&c.msg_rate)->default_value(c.msg_rate),
         "messages per connection per window; 0: no limit")
        ("msg-window-ms", po::value(&c.msg_window_ms)->default_value(c.msg_window_ms),
         "rate limit window in milliseconds")
        ("max-connections", po::value(&c.max_connections)->default_value(c.max_connections),
         "open connections in total")
        ("max-connections-per-ip",
         po::value(&c.max_connections_per_ip)->default_value(c.max_connections_per_ip),
         "open connections from one address")
        ("handshake-timeout-ms",
         po::value(&c.handshake_timeout_ms)->default_value(c.handshake_timeout_ms),
         "time to send an HTTP request / complete the WebSocket handshake")
        ("idle-timeout-ms", po::value(&c.idle_timeout_ms)->default_value(c.idle_timeout_ms),
         "close a WebSocket silent this long (a ping is sent half-way)")
        ("write-queue-max", po::value(&c.write_queue_max)->default_value(c.write_queue_max),
         "queued outbound messages before a slow consumer is disconnected")
        ("max-games", po::value(&c.max_games)->default_value(c.max_games),
         "games held in memory")
        ("shutdown-grace-ms",
         po::value(&c.shutdown_grace_ms)->default_value(c.shutdown_grace_ms),
         "time allowed for sessions to close on SIGINT/SIGTERM")
        ("guests-per-ip", po::value(&c.guests_per_ip)->default_value(c.guests_per_ip),
         "new guests one address may create per budget window; 0: no limit")
        ("games-per-ip", po::value(&c.games_per_ip)->default_value(c.games_per_ip),
         "practice games one address (and one guest or player) may start per window; 0: no limit")
        ("lanes-per-ip", po::value(&c.lanes_per_ip)->default_value(c.lanes_per_ip),
         "lanes one address (and one guest or player) may open per window; 0: no limit")
        ("lane-misses-per-ip",
         po::value(&c.lane_misses_per_ip)->default_value(c.lane_misses_per_ip),
         "lane codes of no lane one address may try per window; 0: no limit")
        ("password-tries", po::value(&c.password_tries)->default_value(c.password_tries),
         "password attempts (login by name, change_password with current) per address and per "
         "account per window; 0: no limit")
        ("follows-per-ip", po::value(&c.follows_per_ip)->default_value(c.follows_per_ip),
         "follow, unfollow, block and unblock requests per address and per player per window; "
         "0: no limit")
        ("budget-window-ms", po::value(&c.budget_window_ms)->default_value(c.budget_window_ms),
         "the window over which each budget refills")
        ("guest-ttl-ms", po::value(&c.guest_ttl_ms)->default_value(c.guest_ttl_ms),
         "a guest owning no game or lane is deleted this long after it was last seen")
        ("idle-evict-ms", po::value(&c.idle_evict_ms)->default_value(c.idle_evict_ms),
         "unfinished practice games and lanes idle this long leave memory (stored, reloaded on use)")
        ("sweep-ms", po::value(&c.sweep_ms)->default_value(c.sweep_ms),
         "how often guests expire and idle games and lanes are evicted")
        ("analysis-threads", po::value(&c.analysis_threads)->default_value(c.analysis_threads),
         "threads of the analysis pool (hints, reviews, par), apart from the I/O threads; at least 1")
        ("analysis-queue", po::value(&c.analysis_queue)->default_value(c.analysis_queue),
         "analysis jobs that may wait for a thread; beyond it hint and review get analysis_busy")
        ("analysis-rate", po::value(&c.analysis_rate)->default_value(c.analysis_rate),
         "hint tokens per guest or player per analysis window (a review costs 5); over it: "
         "analysis_limited; 0: no limit")
        ("analysis-window-ms",
         po::value(&c.analysis_window_ms)->default_value(c.analysis_window_ms),
         "the window over which the analysis tokens refill")
        ("arena-schedule", po::value(&arena_schedule),
         "recurring arenas, e.g. \"every 60m sackson 30m\" (optionally \"clock 120s\"): the next "
         "one is always created ahead; none by default")
        ("integrity-idle", po::value(&c.integrity_idle)->default_value(c.integrity_idle),
         "1: the integrity analysis of finished ranked games runs only on idle cores "
         "(SCHED_IDLE); 0: at normal priority")
        ("reminder-check-ms", po::value(&c.reminder_check_ms)->default_value(c.reminder_check_ms),
         "how often this node looks for daily reminders due (Web Push); 0: it sends none")
        ("push-subject", po::value(&c.push_subject)->default_value(c.push_subject),
         "the VAPID contact the push services see: a mailto: or https: URL")
        ("push-timeout-ms", po::value(&c.push_timeout_ms)->default_value(c.push_timeout_ms),
         "time for one push request (connect, TLS, send, answer)")
        ("push-concurrency", po::value(&c.push_concurrency)->default_value(c.push_concurrency),
         "push requests in flight at once")
        ("push-insecure-endpoints",
         po::value(&c.push_insecure_endpoints)->default_value(c.push_insecure_endpoints),
         "1: push_subscribe takes http endpoints and IP addresses (tests only)")
        ("push-ca-file", po::value(&c.push_ca_file),
         "a PEM file of certificates push services' TLS may chain to, besides the system's "
         "(tests only)");
    // clang-format on
    po::variables_map vm;
    try {
        po::store(po::parse_command_line(argc, argv, desc), vm);
        // Only PINFALL_* variables that name an option count; others (PINFALL_SERVER_BIN in a
        // test harness, say) are not the server's business.
        po::store(po::parse_environment(desc,
                                        [&desc](const std::string& env) {
                                            const std::string name = env_to_option(env);
                                            return !name.empty() &&
                                                           desc.find_nothrow(name, false)
                                                       ? name
                                                       : std::string();
                                        }),
                  vm);
        po::notify(vm);
    } catch (const po::error& e) {
        return Exit{2, std::string("pinfall-server: ") + e.what() + "\n"};
    }
    if (vm.count("help")) {
        std::ostringstream out;
        out << desc << "\n";
        return Exit{0, out.str()};
    }
    if (port > 65535) return Exit{2, "pinfall-server: --port must be 0-65535 (0: any free port)\n"};
    c.port = static_cast<std::uint16_t>(port);
    if (c.threads == 0) c.threads = std::max(1u, std::thread::hardware_concurrency());
    if (c.max_message_bytes < 64) return Exit{2, "pinfall-server: --max-message too small\n"};
    if (c.max_json_depth < 2) return Exit{2, "pinfall-server: --max-depth too small\n"};
    if (c.budget_window_ms == 0 || c.sweep_ms == 0) {
        return Exit{2, "pinfall-server: --budget-window-ms and --sweep-ms must be positive\n"};
    }
    if (c.analysis_threads == 0 || c.analysis_queue == 0 || c.analysis_window_ms == 0) {
        return Exit{2, "pinfall-server: --analysis-threads, --analysis-queue and "
                       "--analysis-window-ms must be positive\n"};
    }
    const bool node_ok = c.node_id.size() <= 64 &&
                         std::all_of(c.node_id.begin(), c.node_id.end(), [](unsigned char ch) {
                             return std::isalnum(ch) || ch == '.' || ch == '-' || ch == '_' ||
                                    ch == ':';
                         });
    if (!node_ok) {
        return Exit{2, "pinfall-server: --node-id takes letters, digits and .-_: (at most 64)\n"};
    }
    if (!clock_start.empty()) c.clock_start = clock_start;
    const bool subject_ok = (c.push_subject.rfind("mailto:", 0) == 0 ||
                             c.push_subject.rfind("https://", 0) == 0) &&
                            c.push_subject.find_first_of(" \"\\<>") == std::string::npos;
    if (!subject_ok || c.push_timeout_ms == 0 || c.push_concurrency == 0) {
        return Exit{2, "pinfall-server: --push-subject must be a mailto: or https: URL, "
                       "--push-timeout-ms and --push-concurrency positive\n"};
    }
    if (!arena_schedule.empty()) {
        std::string why;
        c.arena_schedule = parse_arena_schedule(arena_schedule, &why);
        if (!c.arena_schedule) return Exit{2, "pinfall-server: --arena-schedule: " + why + "\n"};
    }
    if (!c.public_url.empty()) {
        const bool web = c.public_url.rfind("http://", 0) == 0 ||
                         c.public_url.rfind("https://", 0) == 0;
        if (!web || c.public_url.find_first_of(" \"<>\\") != std::string::npos) {
            return Exit{2, "pinfall-server: --public-url must be an http:// or https:// URL\n"};
        }
        if (c.public_url.back() != '/') c.public_url += '/';
    }
    if (!migrate_from.empty()) {
        c.migrate_from = migrate_from;
        return c;  // a copy needs no secret
    }
    if (c.secret_file.empty()) {
        return Exit{2, "pinfall-server: --secret-file is required (make run creates one)\n"};
    }
    std::ifstream in(c.secret_file, std::ios::binary);
    if (!in) return Exit{2, "pinfall-server: cannot read secret file " + c.secret_file + "\n"};
    std::ostringstream bytes;
    bytes << in.rdbuf();
    c.secret = bytes.str();
    if (!c.secret.empty() && c.secret.back() == '\n') c.secret.pop_back();
    if (c.secret.empty()) return Exit{2, "pinfall-server: the secret file is empty\n"};
    return c;
}

}  // namespace pinfall::server
