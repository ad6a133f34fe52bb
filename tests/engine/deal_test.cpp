// The deal algorithm against docs/rules.md ("Deals", its worked vectors) and
// tests/vectors/deals.txt.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/deal.hpp"
#include "engine/seed.hpp"

using namespace pinfall::engine;

namespace {

Seed zero_seed() { return Seed{}; }

Seed counting_seed() {
    Seed s{};
    for (int i = 0; i < 32; ++i) s[i] = static_cast<std::uint8_t>(i);
    return s;
}

// Feeds fixed words, to drive the rejection branch of the shuffle.
struct FixedWords {
    std::vector<std::uint32_t> words;
    std::size_t at = 0;
    std::uint32_t next() { return words.at(at++); }
};

}  // namespace

TEST_CASE("deal vectors of docs/rules.md") {
    CHECK(deal_text(deal_from_seed(zero_seed(), 0)) ==
          "6S 7S 10H AS 4S 9H 8H 10S AH 5H | 5S 7H 2S 8S 9S / 6H 3S 4H / 3H 2H");
    CHECK(deal_text(deal_from_seed(zero_seed(), 1)) ==
          "4H 2S 3S 9H AH 5H 10S 2H 7S 6H | 3H 8H 6S 9S 10H / 7H 8S 4S / 5S AS");
    CHECK(deal_text(deal_from_seed(zero_seed(), 11)) ==
          "2H 5H 9H AS 6S 3H 10S 8S 5S 7S | 4H 8H 3S AH 6H / 2S 4S 10H / 7H 9S");
    CHECK(deal_text(deal_from_seed(counting_seed(), 0)) ==
          "10H 2H 3H 4S 9H 8S AS 2S 9S 7H | 7S 5H 8H 4H 10S / 6H AH 6S / 5S 3S");
}

TEST_CASE("600 deals of tests/vectors/deals.txt") {
    std::ifstream in(PINFALL_VECTORS_DIR "/deals.txt");
    REQUIRE(in.good());
    int checked = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string hex;
        std::uint32_t k = 0;
        fields >> hex >> k;
        const auto bar = line.find('|');
        REQUIRE(bar != std::string::npos);
        const std::string expected = line.substr(bar + 2);
        const auto seed = parse_seed_hex(hex);
        REQUIRE(seed);
        INFO(line);
        CHECK(deal_text(deal_from_seed(*seed, k)) == expected);
        ++checked;
    }
    CHECK(checked == 600);
}

TEST_CASE("shuffle rejects words at or above the largest multiple of n") {
    // First draw is for i = 19, n = 20: limit = floor(2^32 / 20) * 20 = 4294967280.
    // 4294967295 and 4294967280 are rejected; 41 is taken: j = 41 mod 20 = 1.
    FixedWords words{{0xFFFFFFFFu, 4294967280u, 41u}};
    for (int i = 18; i >= 1; --i) words.words.push_back(0);  // j = 0 for the rest
    const auto deck = shuffle_deck(words);
    CHECK(words.at == words.words.size());
    // Swap(19, 1), then swap(i, 0) for i = 18..1: trace it by hand for deck[0], deck[1], deck[19].
    std::array<Card, 20> expected{};
    for (int i = 0; i < 20; ++i) expected[i] = static_cast<Card>(i);
    std::swap(expected[19], expected[1]);
    for (int i = 18; i >= 1; --i) std::swap(expected[i], expected[0]);
    CHECK(deck == expected);
    CHECK(deck[19] == 1);
}

TEST_CASE("limit 4294967280 accepts the word just below it") {
    FixedWords words{{4294967279u}};
    for (int i = 18; i >= 1; --i) words.words.push_back(0);
    shuffle_deck(words);
    CHECK(words.at == 19);  // no word rejected
}

TEST_CASE("deal text round-trips and parse refuses bad layouts") {
    const Deal d = deal_from_seed(zero_seed(), 0);
    const auto parsed = parse_deal(deal_text(d));
    REQUIRE(parsed);
    CHECK(*parsed == d);
    CHECK_FALSE(parse_deal("6S 7S 10H AS 4S 9H 8H 10S AH 5H | 5S 7H 2S 8S 9S / 6H 3S 4H / 3H 3H"));
    CHECK_FALSE(parse_deal("6S 7S 10H AS 4S 9H 8H 10S AH 5H | 5S 7H 2S 8S / 9S 6H 3S 4H / 3H 2H"));
    CHECK_FALSE(parse_deal("6S 7S 10H AS 4S 9H 8H 10S AH 11H | 5S 7H 2S 8S 9S / 6H 3S 4H / 3H 2H"));
    CHECK_FALSE(parse_deal(""));
}

TEST_CASE("daily seed and commitment vector") {
    const Seed s = daily_seed("example-secret", "2026-11-29");
    CHECK(seed_hex(s) == "f1c1988452c1b4956b9d29d3846a178333e10179fdd596f5738609b20a2350d1");
    CHECK(commitment_hex(s) == "fcc8d2fa42d302627b3e29ede0b89a40b76923e2d51819b8f06d47eab54b26d6");
}

TEST_CASE("seed hex reads either case, writes lowercase, refuses other lengths") {
    const auto s = parse_seed_hex("F1C1988452C1B4956B9D29D3846A178333E10179FDD596F5738609B20A2350D1");
    REQUIRE(s);
    CHECK(seed_hex(*s) == "f1c1988452c1b4956b9d29d3846a178333e10179fdd596f5738609b20a2350d1");
    CHECK_FALSE(parse_seed_hex("f1c1"));
    CHECK_FALSE(parse_seed_hex(std::string(64, 'g')));
    CHECK_FALSE(parse_seed_hex(std::string(66, 'a')));
}
