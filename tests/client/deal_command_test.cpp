// `pinfall deal`: every line of tests/vectors/deals.txt and the worked vectors of docs/rules.md
// ("Deals"), through the real binary; bad seeds and deal numbers exit 2.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "run_pinfall.hpp"

using namespace pinfall::test;

TEST_CASE("pinfall deal prints every deal of tests/vectors/deals.txt") {
    std::ifstream in(PINFALL_VECTORS_DIR "/deals.txt");
    REQUIRE(in);
    int checked = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        // "<seed> <k> | <deal text>"
        std::istringstream words(line);
        std::string seed, k, bar;
        words >> seed >> k >> bar;
        REQUIRE(bar == "|");
        const std::string expected = line.substr(line.find(" | ") + 3);
        const RunResult r = run_pinfall({"deal", seed, k});
        INFO(line);
        CHECK(r.status == 0);
        CHECK(r.out == expected + "\n");
        CHECK(r.err.empty());
        ++checked;
    }
    CHECK(checked == 600);
}

TEST_CASE("pinfall deal matches the worked vectors of docs/rules.md") {
    std::string counting;
    for (int i = 0; i < 32; ++i) {
        static const char* kHex = "0123456789abcdef";
        counting += kHex[i / 16];
        counting += kHex[i % 16];
    }
    CHECK(run_pinfall({"deal", kZero}).out ==
          "6S 7S 10H AS 4S 9H 8H 10S AH 5H | 5S 7H 2S 8S 9S / 6H 3S 4H / 3H 2H\n");
    CHECK(run_pinfall({"deal", kZero, "0"}).out ==
          "6S 7S 10H AS 4S 9H 8H 10S AH 5H | 5S 7H 2S 8S 9S / 6H 3S 4H / 3H 2H\n");
    CHECK(run_pinfall({"deal", kZero, "1"}).out ==
          "4H 2S 3S 9H AH 5H 10S 2H 7S 6H | 3H 8H 6S 9S 10H / 7H 8S 4S / 5S AS\n");
    CHECK(run_pinfall({"deal", kZero, "11"}).out ==
          "2H 5H 9H AS 6S 3H 10S 8S 5S 7S | 4H 8H 3S AH 6H / 2S 4S 10H / 7H 9S\n");
    CHECK(counting == "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    CHECK(run_pinfall({"deal", counting}).out ==
          "10H 2H 3H 4S 9H 8S AS 2S 9S 7H | 7S 5H 8H 4H 10S / 6H AH 6S / 5S 3S\n");
}

TEST_CASE("pinfall deal reads the seed in either case and needs no server") {
    const std::string upper = "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F";
    const RunResult r = run_pinfall({"--server", "ws://127.0.0.1:1/ws", "deal", upper});
    CHECK(r.status == 0);
    CHECK(r.out == "10H 2H 3H 4S 9H 8S AS 2S 9S 7H | 7S 5H 8H 4H 10S / 6H AH 6S / 5S 3S\n");
}

TEST_CASE("pinfall deal refuses bad seeds and deal numbers with exit status 2") {
    const std::vector<std::vector<std::string>> bad = {
        {"deal"},
        {"deal", kZero.substr(1)},
        {"deal", kZero + "0"},
        {"deal", "g" + kZero.substr(1)},
        {"deal", " " + kZero.substr(1)},
        {"deal", kZero, "x"},
        {"deal", kZero, "-1"},
        {"deal", kZero, "+1"},
        {"deal", kZero, "1.5"},
        {"deal", kZero, "4294967296"},
        {"deal", kZero, ""},
        {"deal", kZero, "1", "2"},
    };
    for (const auto& args : bad) {
        const RunResult r = run_pinfall(args);
        INFO(args.size() << " words; stderr: " << r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK_FALSE(r.err.empty());
    }
    CHECK(run_pinfall({"deal", kZero, "4294967295"}).status == 0);
}

TEST_CASE("pinfall without a known command prints the usage") {
    CHECK(run_pinfall({}).status == 2);
    CHECK(run_pinfall({"fly"}).status == 2);
    const RunResult help = run_pinfall({"--help"});
    CHECK(help.status == 0);
    CHECK(help.out.find("deal SEED [K]") != std::string::npos);
    CHECK(run_pinfall({"--server", "http://x/", "deal", kZero}).status == 2);
}
