// `pinfall register NAME`: creates a player and saves its token, so that later commands log in.
#include <iostream>

#include "client/commands.hpp"
#include "client/config.hpp"
#include "client/session.hpp"

namespace pinfall::cli {

namespace po = boost::program_options;

int run_register(const Globals& g, const Args& args) {
    po::options_description options;
    options.add_options()("force", "replace a saved token")(
        "name", po::value<std::vector<std::string>>()->required());
    po::positional_options_description positional;
    positional.add("name", -1);
    po::variables_map vm;
    if (!parse_command("register", args, options, positional, vm)) return kExitUsage;
    // `pinfall register Ann Lee` and `pinfall register "Ann Lee"` mean the same.
    std::string name;
    for (const auto& word : vm["name"].as<std::vector<std::string>>()) {
        name += (name.empty() ? "" : " ") + word;
    }

    if (const auto saved = read_value(kTokenFile); saved && !vm.count("force")) {
        const auto dir = config_dir();
        std::cerr << "pinfall register: a player token is already saved in "
                  << (*dir / kTokenFile).string()
                  << "; pass --force to replace it (that player cannot log in without it)\n";
        return kExitFailure;
    }
    return guarded("register", g, [&] {
        Session session(g.server);
        session.open();
        const Json reply = session.call({{"type", "register"}, {"name", name}});
        const Json& player = reply.at("player");
        const std::string token = reply.at("token").get<std::string>();
        const auto id = player.at("id").get<long long>();
        const std::string registered = player.at("name").get<std::string>();
        std::string why;
        const auto path = write_value(kTokenFile, token, &why);
        std::cout << "Registered \"" << registered << "\": player id " << id << "\n";
        if (!path) {
            std::cerr << "pinfall register: could not save the token (" << why
                      << "). Keep it yourself, it is the only way to log in:\n"
                      << token << "\n";
            return kExitFailure;
        }
        std::cout << "Token saved in " << path->string()
                  << " (keep it secret: it is the only way to log in as " << registered << ")\n";
        return kExitOk;
    });
}

}  // namespace pinfall::cli
