// pinfall-server: reads the configuration (config.cpp), builds the application (front/app.hpp,
// the composition root), serves it over the network (net/) on N threads until SIGINT/SIGTERM,
// then stops the parts in an order that loses nothing.
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <functional>
#include <iostream>

#include "server/app/core/io_pool.hpp"
#include "server/app/front/app.hpp"
#include "server/app/queries/public_links.hpp"
#include "server/config.hpp"
#include "server/moderator_command.hpp"
#include "server/net/idle_sweep.hpp"
#include "server/net/listener.hpp"
#include "server/net/push_client.hpp"
#include "server/startup.hpp"
#include "server/version.hpp"

namespace asio = boost::asio;
using namespace pinfall::server;

namespace {

net::Limits net_limits(const Config& c) {
    return net::Limits{c.max_message_bytes, c.msg_rate,
                       std::chrono::milliseconds(c.msg_window_ms), c.max_connections,
                       c.max_connections_per_ip, std::chrono::milliseconds(c.handshake_timeout_ms),
                       std::chrono::milliseconds(c.idle_timeout_ms), c.write_queue_max};
}

void set_log_pattern(const std::string& node) {
    // Every log line names the node (once known), so that a cluster's merged logs stay readable.
    spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%eZ " + node + (node.empty() ? "" : " ") + "%^%l%$ %v",
                        spdlog::pattern_time_type::utc);
}

}  // namespace

int main(int argc, char** argv) {
    // The operator's commands, beside a running server (they need no secret).
    if (argc >= 2 && std::string_view(argv[1]) == "moderator") {
        return moderator_command(argc - 2, argv + 2);
    }
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
    set_log_pattern("");

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

    // One io_context a thread (core/io_pool.hpp): connections and rooms are spread over them;
    // the listener, the signals and the shutdown timer are on the first.
    IoPool pool(config.threads);
    asio::io_context& ioc = pool.main();
    std::string error;
    auto app = App::open(pool, config, clock, &error);
    if (!app) {
        std::cerr << "pinfall-server: " << error << "\n";
        return 1;
    }
    try {
        app->use_push_transport(std::make_unique<net::PushClient>(
            ioc, std::chrono::milliseconds(config.push_timeout_ms), config.push_ca_file));
    } catch (const std::exception& e) {
        std::cerr << "pinfall-server: --push-ca-file: " << e.what() << "\n";
        return 2;
    }
    net::SessionSet sessions;
    net::NetContext ctx{net_limits(config), app->front(), sessions, config.static_dir,
                        /*links_json: below*/ {}};
    std::shared_ptr<net::Listener> listener;
    try {
        const auto address = asio::ip::make_address(config.bind);
        listener = std::make_shared<net::Listener>(
            pool, asio::ip::tcp::endpoint{address, config.port}, ctx);
    } catch (const std::exception& e) {
        std::cerr << "pinfall-server: cannot listen on " << config.bind << ":" << config.port
                  << ": " << e.what() << "\n";
        return 1;
    }
    app->serve(config.node_id.empty() ? default_node_id(listener->port()) : config.node_id);
    set_log_pattern(app->node_id());
    ctx.links_json = links_json(config.public_url, reachable_urls(config.bind, listener->port()));
    // SIGINT/SIGTERM are caught from here on (asio queues them until the wait below is set
    // up): a stop that arrives as soon as the port is announced still shuts down cleanly.
    asio::signal_set signals(ioc, SIGINT, SIGTERM);
    listener->run();
    net::IdleSweep idle_sweep(ioc, sessions, std::chrono::milliseconds(config.idle_timeout_ms));
    idle_sweep.start();
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
            pool.stop();
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
        idle_sweep.stop();
        app->stop_timers();
        sessions.close_all();
        deadline = std::chrono::steady_clock::now() + deadline_after;
        wait_for_sessions();
    });

    pool.run();
    app->stop_background();
    // The handlers still queued (an idle keep-alive HTTP connection's read, say) own sessions
    // that refer to objects declared after the pool: they must go while those objects live.
    pool.destroy_pending();
    app->finish();
    spdlog::info("stopped");
    return 0;
}
