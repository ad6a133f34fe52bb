// `pinfall review GAME`: the coach's review of a finished, public game (docs/rules.md
// "Reviews"): the summary line, then every decision with the coach's choice where they differ,
// the expected points lost and the mark; and the par line. Guests may ask (no token needed).
#include <charconv>
#include <iostream>

#include "client/commands.hpp"
#include "client/render_coach.hpp"
#include "client/session.hpp"

namespace pinfall::cli {

namespace po = boost::program_options;

int run_review(const Globals& g, const Args& args) {
    po::options_description options;
    options.add_options()("game", po::value<std::string>()->required());
    po::positional_options_description positional;
    positional.add("game", 1);
    po::variables_map vm;
    if (!parse_command("review", args, options, positional, vm)) return kExitUsage;
    const std::string& text = vm["game"].as<std::string>();
    long long game = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), game);
    if (ec != std::errc() || end != text.data() + text.size() || game < 1 ||
        game > (1LL << 53) - 1) {
        std::cerr << "pinfall review: a game id is a whole number from 1\n";
        return kExitUsage;
    }
    return guarded("review", g, [&] {
        // A review runs the coach through the whole game: allow it a minute.
        Session session(g.server, std::chrono::seconds(60));
        open_session(session, false);
        std::cout << render_review(session.call({{"type", "review"}, {"game", game}}));
        return kExitOk;
    });
}

}  // namespace pinfall::cli
