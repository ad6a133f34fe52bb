// pinfall-server: wires configuration, logging, the application services and the listener,
// then runs the io_context on N threads until SIGINT/SIGTERM.
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <functional>
#include <iostream>
#include <thread>
#include <vector>

#include <boost/asio/strand.hpp>

#include "server/app/boards/result_news.hpp"
#include "server/app/cluster/cluster_link.hpp"
#include "server/app/cluster/ownership.hpp"
#include "server/app/coach/par_keeper.hpp"
#include "server/app/core/janitor.hpp"
#include "server/app/core/services.hpp"
#include "server/app/daily/day_keeper.hpp"
#include "server/app/games/registry.hpp"
#include "server/app/lanes/lane_news.hpp"
#include "server/app/queries/public_links.hpp"
#include "server/app/queries/queries.hpp"
#include "server/config.hpp"
#include "server/net/listener.hpp"
#include "server/startup.hpp"
#include "server/version.hpp"
#include "storage/coordinator.hpp"

namespace asio = boost::asio;
using namespace pinfall::server;

namespace {

// An io_context whose pending handlers can be destroyed on demand: after run() returns, the
// handlers still queued (an idle keep-alive HTTP connection's read, say) own sessions that
// refer to objects declared after the io_context; they must go while those objects live.
class IoContext : public asio::io_context {
   public:
    using asio::io_context::io_context;
    void destroy_pending() { shutdown(); }
};

AddressBudgets::Limits budget_limits(const Config& c) {
    AddressBudgets::Limits l;
    l.limit[AddressBudgets::kNewGuest] = c.guests_per_ip;
    l.limit[AddressBudgets::kGameStart] = c.games_per_ip;
    l.limit[AddressBudgets::kLaneOpen] = c.lanes_per_ip;
    l.limit[AddressBudgets::kLaneMiss] = c.lane_misses_per_ip;
    l.limit[AddressBudgets::kPassword] = c.password_tries;
    l.window = std::chrono::milliseconds(c.budget_window_ms);
    return l;
}

}  // namespace

int main(int argc, char** argv) {
    auto loaded = load_config(argc, argv);
    if (auto* exit = std::get_if<Exit>(&loaded)) {
        (exit->status == 0 ? std::cout : std::cerr) << exit->text;
        return exit->status;
    }
    const Config& config = std::get<Config>(loaded);
    if (config.migrate_from) return migrate_command(*config.migrate_from, config.db_path);
    // Logs go to stderr; stdout carries only the "listening on port N" line for scripts.
    spdlog::set_default_logger(spdlog::stderr_color_mt("pinfall"));
    spdlog::set_level(spdlog::level::from_str(config.log_level));
    spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%eZ %^%l%$ %v", spdlog::pattern_time_type::utc);

    std::optional<Clock::time_point> clock_start;
    if (config.clock_start) {
        clock_start = parse_rfc3339(*config.clock_start);
        if (!clock_start) {
            std::cerr << "pinfall-server: --clock-start must be RFC 3339, e.g. "
                         "2026-11-29T23:59:00Z\n";
            return 2;
        }
    }
    const Clock clock(clock_start);

    IoContext ioc(static_cast<int>(config.threads));
    Metrics metrics;

    pinfall::storage::Status opened;
    auto store = pinfall::storage::Store::open(config.db_path, &opened);
    if (!store) {
        std::cerr << "pinfall-server: cannot open database "
                  << pinfall::storage::redact_location(config.db_path) << ": "
                  << opened.message() << "\n";
        return 1;
    }
    Leaderboards leaderboards(asio::make_strand(ioc));
    // The link to other nodes (docs/scaling.md) listens before the boards load, so that a
    // result committed elsewhere meanwhile is heard (a second line of a player is ignored).
    auto coordinator = pinfall::storage::Coordinator::open(config.db_path, "pinfall", &opened);
    if (!coordinator) {
        std::cerr << "pinfall-server: cannot open the coordination session: " << opened.message()
                  << "\n";
        return 1;
    }
    ClusterLink link(std::move(coordinator));
    listen_for_results(link, leaderboards);
    std::atomic<Ownership*> ownership_ptr{nullptr};  // made once the node's id is known
    Ownership::listen(link, [&ownership_ptr] { return ownership_ptr.load(); });
    std::atomic<LaneDirectory*> lanes_ptr{nullptr};  // set once the node serves
    listen_for_lanes(link, [&lanes_ptr] { return lanes_ptr.load(); });
    std::atomic<LeagueNews*> league_news_ptr{nullptr};
    listen_for_leagues(link, [&league_news_ptr] { return league_news_ptr.load(); });
    if (opened = link.start(); !opened.is_ok()) {
        std::cerr << "pinfall-server: cannot listen for other nodes: " << opened.message() << "\n";
        return 1;
    }
    leaderboards.load(store->daily_results(""));
    const auto guests = store->guests();
    const auto game_ids = GameIds::reserve_first(*store, &opened);
    if (!opened.is_ok()) {
        std::cerr << "pinfall-server: cannot reserve game ids: " << opened.message() << "\n";
        return 1;
    }
    const auto guest_ids = GuestBook::take_first(*store, &opened);
    if (!opened.is_ok()) {
        std::cerr << "pinfall-server: cannot reserve guest ids: " << opened.message() << "\n";
        return 1;
    }
    StorageWorker storage_worker(std::move(store));
    // The coach's pool (hints, reviews, par). Its jobs reply through connections and write
    // through the storage worker: it is stopped (below) before those go.
    AnalysisLimit analysis_limit(config.analysis_rate,
                                 std::chrono::milliseconds(config.analysis_window_ms));
    AnalysisPool analysis_pool(config.analysis_threads, config.analysis_queue);
    ParKeeper par_keeper(analysis_pool, storage_worker);

    LeagueNews league_news(storage_worker, clock, config.secret);
    RoomContext rooms{metrics, storage_worker, clock,
                      [&leaderboards, &league_news, &par_keeper](const FinishedGame& g) {
                          if (g.row.mode == pinfall::storage::GameMode::kPractice) {
                              par_keeper.game_finished(g.row.id, g.row.ruleset, g.row.seed);
                          }
                          if (g.row.mode == pinfall::storage::GameMode::kLeague && g.row.league) {
                              league_news.announce(*g.row.league, "game_finished");
                          }
                          if (g.row.mode != pinfall::storage::GameMode::kDaily || !g.row.player) return;
                          leaderboards.add(BoardLine{g.row.id, *g.row.player, g.player_name,
                                                     g.row.score, g.row.strikes, g.row.spares,
                                                     g.row.finished_at.value_or(0)},
                                           g.row.day);
                      },
                      /*in_finish_transaction: below*/ {}};
    std::string node_id;  // set once the port is known, before any game runs
    rooms.in_finish_transaction = [&node_id](pinfall::storage::Store& s,
                                             const pinfall::storage::GameRow& row,
                                             const std::string& name) {
        return announce_result(s, node_id, row, name);
    };
    Registry registry(ioc, rooms, config.max_games, game_ids);
    LaneDirectory lanes(ioc, rooms);
    GuestBook guest_book(rooms, guests, guest_ids);
    AddressBudgets budgets(budget_limits(config));
    // After the storage worker (its jobs call it) and the io_context: destroyed, and joined,
    // before them.
    Passwords passwords;
    TokenEpochs token_epochs;
    Services services{registry,   metrics,    clock,   storage_worker, leaderboards,
                      lanes,      guest_book, budgets, league_news,    kServerName,
                      config.secret, config.max_json_depth, /*node_id: below*/ {}};
    services.analysis_pool = &analysis_pool;
    services.analysis_limit = &analysis_limit;
    services.par = &par_keeper;
    services.passwords = &passwords;
    services.token_epochs = &token_epochs;
    Queries queries(services);
    LeagueService league_service(services, queries);
    auto keeper = std::make_shared<DayKeeper>(asio::make_strand(ioc), services);
    keeper->start();
    auto janitor = std::make_shared<Janitor>(
        asio::make_strand(ioc), services,
        Janitor::Periods{std::chrono::milliseconds(config.sweep_ms),
                         std::chrono::milliseconds(config.guest_ttl_ms),
                         std::chrono::milliseconds(config.idle_evict_ms)});
    janitor->start();
    net::SessionSet sessions;
    net::NetContext ctx{net::Limits{config.max_message_bytes, config.msg_rate,
                                    std::chrono::milliseconds(config.msg_window_ms),
                                    config.max_connections, config.max_connections_per_ip,
                                    std::chrono::milliseconds(config.handshake_timeout_ms),
                                    std::chrono::milliseconds(config.idle_timeout_ms),
                                    config.write_queue_max},
                        services, sessions, config.static_dir, queries, league_service,
                        /*links_json: below*/ {}};

    std::shared_ptr<net::Listener> listener;
    try {
        const auto address = asio::ip::make_address(config.bind);
        listener = std::make_shared<net::Listener>(ioc, asio::ip::tcp::endpoint{address, config.port},
                                                   ctx);
    } catch (const std::exception& e) {
        std::cerr << "pinfall-server: cannot listen on " << config.bind << ":" << config.port
                  << ": " << e.what() << "\n";
        return 1;
    }
    node_id = config.node_id.empty() ? default_node_id(listener->port()) : config.node_id;
    services.node_id = node_id;
    lanes.set_node_id(node_id);
    lanes_ptr = &lanes;
    league_news.set_node(node_id, link.shared());
    league_news_ptr = &league_news;
    link.post([name = "pinfall:" + node_id](pinfall::storage::Coordinator& c) {
        if (auto st = c.set_name(name); !st.is_ok()) spdlog::warn("cluster: {}", st.message());
    });
    // A player handed over to another node waits this long for the holder to let go.
    Ownership ownership(link, node_id, std::chrono::milliseconds(3000),
                        [&registry](std::int64_t player, std::function<void()> done) {
                            registry.hand_over(player, std::move(done));
                        });
    services.ownership = &ownership;
    ownership_ptr = &ownership;
    // Every log line names the node, so that a cluster's merged logs stay readable.
    spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%eZ " + services.node_id + " %^%l%$ %v",
                        spdlog::pattern_time_type::utc);
    ctx.links_json =
        links_json(config.public_url, reachable_urls(config.bind, listener->port()));
    // SIGINT/SIGTERM are caught from here on (asio queues them until the wait below is set
    // up): a stop that arrives as soon as the port is announced still shuts down cleanly.
    asio::signal_set signals(ioc, SIGINT, SIGTERM);
    listener->run();
    // Tests and scripts that pass --port 0 read the chosen port from this first stdout line.
    std::cout << "listening on port " << listener->port() << std::endl;
    spdlog::info("{} listening on http://{}:{} (ws path /ws), {} threads, static files {}",
                 kServerName, config.bind, listener->port(), config.threads, config.static_dir);

    // Shutdown: stop accepting, ask every session to drain its writes and close with 1001,
    // then stop as soon as none is left, or when the grace period ends.
    asio::steady_timer poll(ioc);
    const auto deadline_after = std::chrono::milliseconds(config.shutdown_grace_ms);
    std::chrono::steady_clock::time_point deadline;
    std::function<void()> wait_for_sessions = [&] {
        if (sessions.size() == 0 || std::chrono::steady_clock::now() >= deadline) {
            spdlog::info("{} sessions left: stopping", sessions.size());
            ioc.stop();
            return;
        }
        poll.expires_after(std::chrono::milliseconds(20));
        poll.async_wait([&](const boost::system::error_code& ec) {
            if (!ec) wait_for_sessions();
        });
    };
    signals.async_wait([&](const boost::system::error_code& ec, int signo) {
        if (ec) return;
        spdlog::info("signal {}: closing {} sessions", signo, sessions.size());
        listener->stop();
        keeper->stop();
        janitor->stop();
        sessions.close_all();
        deadline = std::chrono::steady_clock::now() + deadline_after;
        wait_for_sessions();
    });

    std::vector<std::thread> threads;
    for (unsigned i = 1; i < config.threads; ++i) threads.emplace_back([&ioc] { ioc.run(); });
    ioc.run();
    for (auto& t : threads) t.join();
    link.stop();  // its handlers post to the boards' strand
    analysis_pool.stop();
    ioc.destroy_pending();
    // The storage worker's destructor commits these before the process exits.
    registry.save_unfinished_practice();
    // Completions of the last jobs refer to the registry, the guest book and the lanes: run
    // them now, while those still exist (they are destroyed before the worker otherwise).
    storage_worker.stop();
    spdlog::info("stopped");
    return 0;
}
