// `pinfall play`: starts (or resumes) a game on the server and plays it in the terminal.
#include <unistd.h>

#include <charconv>
#include <iostream>

#include "client/commands.hpp"
#include "client/play_loop.hpp"
#include "client/session.hpp"
#include "engine/seed.hpp"

namespace pinfall::cli {

namespace po = boost::program_options;

namespace {

// The first message of the game: practice_start, daily_start or a snapshot to resume.
struct Start {
    Json request;
    bool need_player = false;
};

std::optional<Start> start_from(const po::variables_map& vm) {
    const bool daily = vm.count("daily") > 0;
    const int sources = static_cast<int>(daily) + static_cast<int>(vm.count("seed")) +
                        static_cast<int>(vm.count("day")) + static_cast<int>(vm.count("resume"));
    if (sources > 1) {
        std::cerr << "pinfall play: choose one of --daily, --seed, --day and --resume\n";
        return std::nullopt;
    }
    const std::string ruleset = vm["ruleset"].as<std::string>();
    if (ruleset != "sackson" && ruleset != "strict") {
        std::cerr << "pinfall play: --ruleset is sackson or strict\n";
        return std::nullopt;
    }
    if ((daily || vm.count("resume")) && !vm["ruleset"].defaulted()) {
        std::cerr << "pinfall play: --ruleset goes with a new practice game only (the daily "
                     "challenge is played under sackson rules)\n";
        return std::nullopt;
    }
    if (daily) return Start{{{"type", "daily_start"}}, true};
    if (vm.count("resume")) {
        const std::string& text = vm["resume"].as<std::string>();
        long long game = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), game);
        if (ec != std::errc() || end != text.data() + text.size() || game < 1) {
            std::cerr << "pinfall play: --resume takes a game id (a whole number from 1)\n";
            return std::nullopt;
        }
        return Start{{{"type", "snapshot"}, {"game", game}}, false};
    }
    Json request = {{"type", "practice_start"}, {"ruleset", ruleset}};
    if (vm.count("seed")) {
        const auto seed = engine::parse_seed_hex(vm["seed"].as<std::string>());
        if (!seed) {
            std::cerr << "pinfall play: the seed must be exactly 64 hex characters\n";
            return std::nullopt;
        }
        request["seed"] = engine::seed_hex(*seed);
    }
    if (vm.count("day")) request["day"] = vm["day"].as<std::string>();
    return Start{request, false};
}

}  // namespace

int run_play(const Globals& g, const Args& args) {
    po::options_description options;
    options.add_options()("daily", "")("seed", po::value<std::string>())(
        "day", po::value<std::string>())("resume", po::value<std::string>())(
        "ruleset", po::value<std::string>()->default_value("sackson"));
    po::variables_map vm;
    if (!parse_command("play", args, options, {}, vm)) return kExitUsage;
    const auto start = start_from(vm);
    if (!start) return kExitUsage;

    return guarded("play", g, [&] {
        Session session(g.server);
        open_session(session, start->need_player);
        if (session.player().is_object()) {
            std::cout << "Logged in as " << session.player().value("name", "?") << ".\n";
        }
        const Json reply = session.call(start->request);
        std::string why;
        auto table = table_from_snapshot(reply, &why);
        if (!table) throw ConnectionError(why);
        PlayIo io{std::cin, std::cout, isatty(STDIN_FILENO) == 0, session.server_date(), ""};
        return play_game(session, std::move(*table), io);
    });
}

}  // namespace pinfall::cli
