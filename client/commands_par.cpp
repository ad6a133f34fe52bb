// `pinfall par SEED [--ruleset R]`: the par of a seed's game (docs/rules.md, "Par and the
// coach"), solved here from the public deal algorithm with no server. Prints `par N` on the first
// line and the best line as a record (docs/rules.md, "Record notation") on the second; checks
// read this format, so it stays as it is.
#include <iostream>

#include "client/commands.hpp"
#include "engine/par.hpp"
#include "engine/record.hpp"
#include "engine/seed.hpp"

namespace pinfall::cli {

namespace po = boost::program_options;

int run_par(const Globals&, const Args& args) {
    po::options_description options;
    options.add_options()("seed", po::value<std::string>()->required())(
        "ruleset", po::value<std::string>()->default_value("sackson"));
    po::positional_options_description positional;
    positional.add("seed", 1);
    po::variables_map vm;
    if (!parse_command("par", args, options, positional, vm)) return kExitUsage;

    const auto seed = engine::parse_seed_hex(vm["seed"].as<std::string>());
    if (!seed) {
        std::cerr << "pinfall par: the seed must be exactly 64 hex characters\n";
        return kExitUsage;
    }
    const auto ruleset = engine::parse_ruleset(vm["ruleset"].as<std::string>());
    if (!ruleset) {
        std::cerr << "pinfall par: --ruleset is sackson or strict\n";
        return kExitUsage;
    }
    const engine::ParResult result = engine::solve_par(*ruleset, *seed);
    std::cout << "par " << result.par << "\n"
              << engine::record_text(engine::par_record(*ruleset, *seed, result)) << "\n";
    return kExitOk;
}

}  // namespace pinfall::cli
