// `pinfall par`: through the real binary, its first line is `par N` with N the engine's par
// (engine::solve_par) and its second line a record whose replay is over at exactly N, for
// several seeds under both rulesets; bad command lines exit 2 with nothing on stdout.
#include <catch2/catch.hpp>
#include <sstream>

#include "engine/par.hpp"
#include "engine/record.hpp"
#include "engine/seed.hpp"
#include "run_pinfall.hpp"

using namespace pinfall::test;
namespace engine = pinfall::engine;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

}  // namespace

TEST_CASE("pinfall par prints the engine's par and a line that replays to it", "[par]") {
    std::vector<std::string> seeds = {kZero};
    for (int i = 0; i < 4; ++i) {
        seeds.push_back(engine::digest_hex(engine::sha256("par-command-" + std::to_string(i))));
    }
    for (const std::string ruleset : {"sackson", "strict"}) {
        for (const auto& hex : seeds) {
            const auto seed = engine::parse_seed_hex(hex);
            REQUIRE(seed);
            const auto r = *engine::parse_ruleset(ruleset);
            const int par = engine::solve_par(r, *seed).par;
            const RunResult run = ruleset == "sackson"
                                      ? run_pinfall({"par", hex})
                                      : run_pinfall({"par", hex, "--ruleset", ruleset});
            INFO(ruleset << " " << hex << "\nstdout: " << run.out << "\nstderr: " << run.err);
            CHECK(run.status == 0);
            CHECK(run.err.empty());
            const auto lines = lines_of(run.out);
            REQUIRE(lines.size() == 2);
            CHECK(lines[0] == "par " + std::to_string(par));
            engine::RecordParseError error{};
            const auto record = engine::parse_record(lines[1], &error);
            INFO("record error at token " << error.token << ": " << error.message);
            REQUIRE(record);
            CHECK(record->ruleset == r);
            CHECK(record->seed == *seed);
            const engine::ReplayResult replayed = engine::replay(*record);
            CHECK(replayed.ok());
            CHECK(replayed.game.over());
            CHECK_FALSE(replayed.game.resigned());
            CHECK(replayed.game.score() == par);
        }
    }
}

TEST_CASE("pinfall par needs no server and reads the seed in either case", "[par]") {
    const std::string upper = "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F";
    const RunResult a = run_pinfall({"--server", "ws://127.0.0.1:1/ws", "par", upper});
    const RunResult b = run_pinfall({"par", "--ruleset", "sackson", upper});
    CHECK(a.status == 0);
    CHECK(a.out == b.out);
    CHECK(a.out.rfind("par ", 0) == 0);
}

TEST_CASE("pinfall par refuses bad command lines with exit status 2", "[par]") {
    const std::vector<std::vector<std::string>> bad = {
        {"par"},
        {"par", kZero.substr(1)},
        {"par", "g" + kZero.substr(1)},
        {"par", kZero, "--ruleset", "loose"},
        {"par", kZero, "--ruleset"},
        {"par", kZero, kZero},
        {"par", kZero, "--speed", "1"},
    };
    for (const auto& args : bad) {
        const RunResult r = run_pinfall(args);
        INFO(args.size() << " words; stderr: " << r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK_FALSE(r.err.empty());
    }
}
