// `pinfall arena [ID]`: the arenas, or one arena joined and played in, game after game, as a
// daily is played (play_loop.hpp), with the points of each game and the standings after it,
// until the player stops, input ends or the arena does (then its podium and revealed seeds).
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <iostream>
#include <thread>

#include "client/commands.hpp"
#include "client/play_loop.hpp"
#include "client/render_arenas.hpp"
#include "client/session.hpp"

namespace pinfall::cli {

namespace po = boost::program_options;

namespace {

// The server's clock now: the welcome's time, moved on by the time since it came.
struct ServerClock {
    std::int64_t at_welcome = 0;
    std::chrono::steady_clock::time_point seen = std::chrono::steady_clock::now();
    std::int64_t now() const {
        return at_welcome + std::chrono::duration_cast<std::chrono::milliseconds>(
                                std::chrono::steady_clock::now() - seen)
                                .count();
    }
};

ServerClock clock_of(const Session& s) {
    ServerClock c;
    const auto t = parse_utc_ms(s.welcome().value("time", ""));
    c.at_welcome = t ? *t
                     : std::chrono::duration_cast<std::chrono::milliseconds>(
                           std::chrono::system_clock::now().time_since_epoch())
                           .count();
    return c;
}

Json detail_of(Session& s, long long arena) {
    return s.call({{"type", "arena"}, {"arena", arena}, {"limit", 10}});
}

// The game of the detail's `games` with this id, or null.
Json game_in(const Json& detail, long long game) {
    for (const Json& g : detail.value("games", Json::array())) {
        if (g.value("game", 0LL) == game) return g;
    }
    return nullptr;
}

// The detail once the finished game is counted in it (points are stored with the finish; the
// standings may follow a moment later).
Json detail_after(Session& s, long long arena, long long game, int n) {
    Json d = detail_of(s, arena);
    for (int i = 0; i < 20; ++i) {
        const Json g = game_in(d, game);
        const Json me = d.value("me", Json(nullptr));
        if (g.is_object() && g.value("status", "") == "finished" && me.is_object() && me.value("games", 0) >= n) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        d = detail_of(s, arena);
    }
    return d;
}

bool wants_more(std::istream& in, std::ostream& out, bool echo) {
    out << "Next game? [Y/n] " << std::flush;
    std::string line;
    if (!std::getline(in, line)) {
        out << "\n";
        return false;
    }
    if (echo) out << line << "\n";
    const auto first = line.find_first_not_of(" \t\r");
    const char c = first == std::string::npos ? 'y' : static_cast<char>(line[first] | 0x20);
    return c != 'n' && c != 'q';
}

int show_end(Session& s, long long arena, const ServerClock& clock) {
    const Json d = detail_of(s, arena);
    std::cout << render_arena_head(d, clock.now()) << render_arena_end(d) << render_arena_standings(d);
    return kExitOk;
}

// Plays arena games back to back. Returns the exit status.
int play_arena(Session& s, long long arena, bool berserk, const ServerClock& clock) {
    const bool echo = isatty(STDIN_FILENO) == 0;
    const std::string come_back = "`pinfall arena " + std::to_string(arena) + "` plays on";
    for (;;) {
        const Json before = detail_of(s, arena);
        if (before.value("arena", Json::object()).value("status", "") == "finished") return show_end(s, arena, clock);
        // A game left open earlier is played first.
        Json snap;
        for (const Json& g : before.value("games", Json::array())) {
            if (g.value("status", "") == "playing") {
                std::cout << "\nYour game " << g.value("n", 0) << " is not finished: on with it.\n";
                snap = s.call({{"type", "snapshot"}, {"game", g.value("game", 0LL)}});
            }
        }
        if (snap.is_null()) {
            Json req = {{"type", "arena_play"}, {"arena", arena}};
            if (berserk) req["berserk"] = true;
            const Json reply = s.request(req);
            if (reply.value("type", "") == "error" && reply.value("code", "") == "arena_not_live") {
                return show_end(s, arena, clock);
            }
            snap = expect_ok(reply);
        }
        const Json block = snap.value("arena", Json::object());
        const int n = block.value("n", 0);
        std::cout << "\nArena game " << n << (block.value("berserk", false) ? " (berserk)" : "")
                  << ", commitment " << block.value("commitment", "?");
        if (const auto dl = parse_utc_ms(block.value("deadline", "")); dl && *dl > clock.now()) {
            std::cout << "; it ends as it stands in " << countdown_text(*dl - clock.now());
        }
        std::cout << ".\n";
        std::string why;
        auto table = table_from_snapshot(snap, &why);
        if (!table) throw ConnectionError(why);
        const long long game = table->game;
        bool over = false;
        PlayIo io{std::cin, std::cout, echo, s.server_date(), come_back};
        play_game(s, std::move(*table), io, &over);
        if (!over) return kExitOk;
        const Json d = detail_after(s, arena, game, n);
        const Json g = game_in(d, game);
        std::cout << "\n" << (g.is_object() ? render_arena_points(g) : "Game " + std::to_string(n) + ": not scored yet\n");
        const Json me = d.value("me", Json(nullptr));
        if (me.is_object()) {
            std::cout << "You are " << me.value("rank", 0) << " of " << d.value("total", 0) << " with "
                      << me.value("points", 0) << (me.value("points", 0) == 1 ? " point" : " points") << ".\n";
        }
        std::cout << render_arena_standings(d);
        if (d.value("arena", Json::object()).value("status", "") == "finished") return show_end(s, arena, clock);
        if (!wants_more(std::cin, std::cout, echo)) {
            std::cout << "You stay in the arena: " << come_back << ".\n";
            return kExitOk;
        }
    }
}

}  // namespace

int run_arena(const Globals& g, const Args& args) {
    po::options_description options;
    options.add_options()("arena", po::value<std::string>())("berserk", "");
    po::positional_options_description positional;
    positional.add("arena", 1);
    po::variables_map vm;
    if (!parse_command("arena", args, options, positional, vm)) return kExitUsage;
    long long arena = 0;
    if (vm.count("arena")) {
        const std::string& text = vm["arena"].as<std::string>();
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), arena);
        if (ec != std::errc() || end != text.data() + text.size() || arena < 1 || arena > (1LL << 53) - 1) {
            std::cerr << "pinfall arena: an arena id is a whole number from 1\n";
            return kExitUsage;
        }
    } else if (vm.count("berserk")) {
        std::cerr << "pinfall arena: --berserk goes with an arena id\n";
        return kExitUsage;
    }
    return guarded("arena", g, [&] {
        Session session(g.server);
        open_session(session, false);  // a guest who played a daily may enter open arenas
        const ServerClock clock = clock_of(session);
        if (arena == 0) {
            std::cout << render_arena_list(session.call({{"type", "arena_list"}, {"phase", "all"}, {"limit", 20}}),
                                           clock.now());
            return kExitOk;
        }
        if (session.player().is_object()) {
            std::cout << "Logged in as " << session.player().value("name", "?") << ".\n";
        }
        const Json joined = session.request({{"type", "arena_join"}, {"arena", arena}});
        if (joined.value("type", "") == "error" && joined.value("code", "") == "arena_over") {
            return show_end(session, arena, clock);
        }
        const Json d = expect_ok(joined);
        std::cout << render_arena_head(d, clock.now()) << render_arena_standings(d);
        const Json a = d.value("arena", Json::object());
        if (a.value("status", "") == "upcoming") {
            const auto starts = parse_utc_ms(a.value("starts_at", ""));
            std::cout << "It starts in " << countdown_text(starts ? *starts - clock.now() : 0)
                      << ": run `pinfall arena " << arena << "` again then.\n";
            return kExitOk;
        }
        if (vm.count("berserk") && !a.value("clock_s", Json(nullptr)).is_number()) {
            std::cerr << "pinfall arena: this arena has no clock, so no berserk\n";
            return kExitFailure;
        }
        return play_arena(session, arena, vm.count("berserk") > 0, clock);
    });
}

}  // namespace pinfall::cli
