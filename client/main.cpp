// pinfall: the terminal client. Parses the global options and hands the rest of the command
// line to the command named (client/commands.hpp).
#include <boost/program_options.hpp>
#include <iostream>
#include <map>

#include "client/commands.hpp"

namespace po = boost::program_options;
using namespace pinfall::cli;

int main(int argc, char** argv) {
    po::options_description global;
    global.add_options()("help,h", "")(
        "server", po::value<std::string>()->default_value(std::string(kDefaultServer)))(
        "command", po::value<std::string>())("args", po::value<Args>());
    po::positional_options_description positional;
    positional.add("command", 1).add("args", -1);
    po::variables_map vm;
    Args rest;
    try {
        const auto parsed = po::command_line_parser(argc, argv)
                                .options(global)
                                .positional(positional)
                                .allow_unregistered()
                                .run();
        po::store(parsed, vm);
        // The command's own words, options included, in order (the command itself first).
        rest = po::collect_unrecognized(parsed.options, po::include_positional);
    } catch (const po::error& e) {
        std::cerr << "pinfall: " << e.what() << " (see pinfall --help)\n";
        return kExitUsage;
    }
    if (vm.count("help")) {
        std::cout << usage_text();
        return kExitOk;
    }
    if (!vm.count("command")) {
        std::cerr << usage_text();
        return kExitUsage;
    }
    Globals g;
    g.server_text = vm["server"].as<std::string>();
    std::string why;
    const auto url = parse_server_url(g.server_text, &why);
    if (!url) {
        std::cerr << "pinfall: --server " << g.server_text << ": " << why << "\n";
        return kExitUsage;
    }
    g.server = *url;

    static const std::map<std::string, int (*)(const Globals&, const Args&)> kCommands = {
        {"deal", run_deal},     {"register", run_register},
        {"play", run_play},     {"leaderboard", run_leaderboard},
        {"verify", run_verify}, {"health", run_health},
        {"par", run_par},       {"review", run_review},
        {"arena", run_arena},   {"friends", run_friends},
        {"follow", run_follow}, {"unfollow", run_unfollow},
        {"block", run_block},   {"unblock", run_unblock},
        {"inbox", run_inbox},
    };
    const std::string command = vm["command"].as<std::string>();
    const auto it = kCommands.find(command);
    if (it == kCommands.end()) {
        std::cerr << "pinfall: unknown command \"" << command << "\" (see pinfall --help)\n";
        return kExitUsage;
    }
    if (!rest.empty() && rest.front() == command) rest.erase(rest.begin());
    return it->second(g, rest);
}
