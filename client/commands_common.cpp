// Helpers shared by the commands: option parsing, error reporting and the usage text.
#include <iostream>

#include "client/commands.hpp"
#include "client/config.hpp"
#include "client/session.hpp"

namespace pinfall::cli {

namespace po = boost::program_options;

std::string usage_text() {
    return "Usage: pinfall [--server URL] COMMAND [ARGS]\n"
           "\n"
           "Commands:\n"
           "  deal SEED [K]          print deal K (default 0) of a 64-hex-character seed, in the\n"
           "                         vectors' format; needs no server\n"
           "  register NAME          create a player and save its token [--force: replace a saved "
           "one]\n"
           "  play                   play a practice game in the terminal (c at the prompt: the\n"
           "                         coach's best plays with their expected scores)\n"
           "      --seed HEX         ... on this seed (default: random)\n"
           "      --ruleset R        ... under sackson (default) or strict rules\n"
           "      --day DATE         ... replaying a revealed daily challenge, unranked\n"
           "      --daily            play today's ranked daily challenge (needs `register`)\n"
           "      --resume GAME      continue a game left with q\n"
           "  leaderboard [DATE]     the daily leaderboard (default: today)\n"
           "      --board B          daily (default), best_game or best_average\n"
           "      --limit N          entries to show, 1-100 (default 50)\n"
           "  verify GAME_ID         replay a finished game's stored record against its seed\n"
           "  par SEED               the game's par (best score with every card known) and its\n"
           "                         best line as a record; needs no server\n"
           "      --ruleset R        ... under sackson (default) or strict rules\n"
           "  review GAME_ID         the coach's review of a finished game (practice at once,\n"
           "                         ranked after the reveal): each decision's expected cost\n"
           "  arena                  the arenas: live, coming and recently finished\n"
           "  arena ID               join arena ID and play its games back to back (as `play`),\n"
           "                         with each game's points and the standings; after its end,\n"
           "                         the podium and every game's revealed seed\n"
           "      --berserk          ... each game with half the clock (arenas with a clock)\n"
           "  friends                the players you follow, your followers, your friends (both\n"
           "                         ways), whom you block, and your invite link\n"
           "      --new-invite       ... with a new invite link (the old one stops working)\n"
           "  follow NAME            follow a player (friends once they follow you too)\n"
           "      --id ID            ... the player with this id instead\n"
           "      --invite TOKEN     ... the player whose invite token (or link) this is\n"
           "  unfollow NAME          stop following a player you follow (or --id ID)\n"
           "  block NAME             block a player: no follows either way, nothing from them in\n"
           "                         your inbox (a NAME from your lists; anyone else: --id ID)\n"
           "  unblock NAME           lift a block (or --id ID)\n"
           "  inbox                  your notices, newest first, the unread ones marked *\n"
           "      --limit N          ... N to a page, 1-50 (default 20)\n"
           "      --older ID         ... the page before notice ID (the previous page names it)\n"
           "      --all-read         ... then mark them all read\n"
           "      --read ID          mark notice ID read\n"
           "  health                 GET /healthz on --server's host and port: exit 0 when it\n"
           "                         answers 200, else 1 (container health checks)\n"
           "      --timeout MS       ... for the whole exchange (default 3000)\n"
           "\n"
           "Options:\n"
           "  --server URL           the server (default ws://localhost:8080/ws)\n"
           "  -h, --help             this text\n"
           "\n"
           "The player token lives in $PINFALL_HOME/token, else ~/.config/pinfall/token (mode "
           "0600).\n";
}

bool parse_command(std::string_view command, const Args& args,
                   const po::options_description& options,
                   const po::positional_options_description& positional, po::variables_map& vm) {
    try {
        po::store(po::command_line_parser(args).options(options).positional(positional).run(), vm);
        po::notify(vm);
        return true;
    } catch (const po::error& e) {
        std::cerr << "pinfall " << command << ": " << e.what() << " (see pinfall --help)\n";
        return false;
    }
}

void open_session(Session& s, bool need_player) {
    const auto dir = config_dir();
    const std::string where =
        dir ? (*dir / kTokenFile).string() : std::string("$PINFALL_HOME/token");
    const auto token = read_value(kTokenFile);
    if (!token) {
        if (need_player) {
            throw ServerError("login_required", "no player token in " + where +
                                                    ": run `pinfall register NAME` first");
        }
        s.open();
        return;
    }
    try {
        s.open(token);
    } catch (const ServerError& e) {
        if (e.code() != "bad_token") throw;
        const std::string advice = "this server does not know the token in " + where +
                                   " (register again, or point --server at the right server)";
        if (need_player) throw ServerError("bad_token", advice);
        std::cerr << "pinfall: " << advice << "; going on as a guest\n";
        s.open();
    }
}

int guarded(std::string_view command, const Globals& g, const std::function<int()>& body) {
    try {
        return body();
    } catch (const ConnectionError& e) {
        std::cerr << "pinfall " << command << ": cannot talk to the server at " << g.server_text
                  << ": " << e.what() << "\n";
    } catch (const ServerError& e) {
        std::cerr << "pinfall " << command << ": the server refused: " << e.what() << " ("
                  << e.code() << ")\n";
    } catch (const nlohmann::json::exception& e) {
        std::cerr << "pinfall " << command << ": the server's reply is not what this client "
                  << "expects: " << e.what() << "\n";
    }
    return kExitFailure;
}

}  // namespace pinfall::cli
