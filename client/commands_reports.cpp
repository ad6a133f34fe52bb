// `pinfall leaderboard [DATE]` and `pinfall verify GAME_ID`: read-only reports from the server.
#include <charconv>
#include <iostream>

#include "client/commands.hpp"
#include "client/render.hpp"
#include "client/session.hpp"

namespace pinfall::cli {

namespace po = boost::program_options;

int run_leaderboard(const Globals& g, const Args& args) {
    po::options_description options;
    options.add_options()("date", po::value<std::string>())(
        "board", po::value<std::string>()->default_value("daily"))(
        "limit", po::value<int>()->default_value(50));
    po::positional_options_description positional;
    positional.add("date", 1);
    po::variables_map vm;
    if (!parse_command("leaderboard", args, options, positional, vm)) return kExitUsage;
    const std::string board = vm["board"].as<std::string>();
    const int limit = vm["limit"].as<int>();
    if (board != "daily" && board != "best_game" && board != "best_average") {
        std::cerr << "pinfall leaderboard: --board is daily, best_game or best_average\n";
        return kExitUsage;
    }
    if (limit < 1 || limit > 100) {
        std::cerr << "pinfall leaderboard: --limit is 1 to 100\n";
        return kExitUsage;
    }
    if (vm.count("date") && board != "daily") {
        std::cerr << "pinfall leaderboard: a date goes only with the daily board\n";
        return kExitUsage;
    }
    return guarded("leaderboard", g, [&] {
        Session session(g.server);
        open_session(session, false);  // logged in, the board also shows the player's own line
        Json request = {{"type", "leaderboard"}, {"board", board}, {"limit", limit}};
        if (vm.count("date")) request["date"] = vm["date"].as<std::string>();
        std::cout << render_leaderboard(session.call(request));
        return kExitOk;
    });
}

int run_verify(const Globals& g, const Args& args) {
    po::options_description options;
    options.add_options()("game", po::value<std::string>()->required());
    po::positional_options_description positional;
    positional.add("game", 1);
    po::variables_map vm;
    if (!parse_command("verify", args, options, positional, vm)) return kExitUsage;
    const std::string& text = vm["game"].as<std::string>();
    long long game = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), game);
    if (ec != std::errc() || end != text.data() + text.size() || game < 1 ||
        game > (1LL << 53) - 1) {
        std::cerr << "pinfall verify: a game id is a whole number from 1\n";
        return kExitUsage;
    }
    return guarded("verify", g, [&] {
        Session session(g.server);
        session.open();
        const Json verified = session.call({{"type", "verify"}, {"game", game}});
        const Json stored = session.request({{"type", "record"}, {"game", game}});
        const bool have_stored = stored.value("type", "") == "stored_game";
        std::cout << render_verified(verified, have_stored ? &stored : nullptr);
        return verified.value("ok", false) ? kExitOk : kExitFailure;
    });
}

}  // namespace pinfall::cli
