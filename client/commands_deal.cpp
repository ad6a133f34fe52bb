// `pinfall deal SEED [K]`: deal K of a seed by the public algorithm (docs/rules.md, "Deals"),
// printed as one line in the vectors' format. Needs no server.
#include <charconv>
#include <iostream>

#include "client/commands.hpp"
#include "engine/deal.hpp"
#include "engine/seed.hpp"

namespace pinfall::cli {

namespace po = boost::program_options;

int run_deal(const Globals&, const Args& args) {
    po::options_description options;
    options.add_options()("seed", po::value<std::string>()->required())(
        "k", po::value<std::string>()->default_value("0"));
    po::positional_options_description positional;
    positional.add("seed", 1).add("k", 1);
    po::variables_map vm;
    if (!parse_command("deal", args, options, positional, vm)) return kExitUsage;

    const auto seed = engine::parse_seed_hex(vm["seed"].as<std::string>());
    if (!seed) {
        std::cerr << "pinfall deal: the seed must be exactly 64 hex characters\n";
        return kExitUsage;
    }
    const std::string& k_text = vm["k"].as<std::string>();
    std::uint32_t k = 0;
    const auto [end, ec] = std::from_chars(k_text.data(), k_text.data() + k_text.size(), k);
    if (k_text.empty() || k_text[0] == '+' || ec != std::errc() ||
        end != k_text.data() + k_text.size()) {
        std::cerr << "pinfall deal: the deal number must be an integer from 0 to 4294967295 "
                     "(a game uses 0-11)\n";
        return kExitUsage;
    }
    std::cout << engine::deal_text(engine::deal_from_seed(*seed, k)) << "\n";
    return kExitOk;
}

}  // namespace pinfall::cli
