#include "engine/deal.hpp"

#include <sstream>
#include <vector>

namespace pinfall::engine {
namespace {

void put_u32be(std::uint8_t* out, std::uint32_t v) {
    out[0] = static_cast<std::uint8_t>(v >> 24);
    out[1] = static_cast<std::uint8_t>(v >> 16);
    out[2] = static_cast<std::uint8_t>(v >> 8);
    out[3] = static_cast<std::uint8_t>(v);
}

}  // namespace

void DealWordStream::refill() {
    std::array<std::uint8_t, 40> message{};
    std::copy(seed_.begin(), seed_.end(), message.begin());
    put_u32be(message.data() + 32, k_);
    put_u32be(message.data() + 36, block_++);
    // engine::sha256: one compression for the 40 bytes, no EVP fetch (the deal benchmark
    // depends on it).
    const Digest digest =
        sha256(std::string_view(reinterpret_cast<const char*>(message.data()), message.size()));
    for (int w = 0; w < 8; ++w) {
        const std::uint8_t* b = digest.data() + 4 * w;
        words_[w] = std::uint32_t{b[0]} << 24 | std::uint32_t{b[1]} << 16 |
                    std::uint32_t{b[2]} << 8 | std::uint32_t{b[3]};
    }
    used_ = 0;
}

std::uint32_t DealWordStream::next() {
    if (used_ == 8) refill();
    return words_[used_++];
}

Deal deal_from_deck(const std::array<Card, kDeckSize>& deck) {
    Deal deal;
    std::copy(deck.begin(), deck.begin() + kPinCount, deal.pins.begin());
    std::copy(deck.begin() + kPinCount, deck.end(), deal.balls.begin());
    return deal;
}

Deal deal_from_seed(const Seed& seed, std::uint32_t k) {
    DealWordStream words(seed, k);
    return deal_from_deck(shuffle_deck(words));
}

std::string deal_text(const Deal& deal) {
    // Written into a buffer, then copied once: a finished practice game reveals every deal
    // (eleven texts of 20 cards), and appending card by card cost some 2% of a validated
    // action's instructions (bench/instructions.sh).
    char buf[96];  // 20 names of at most 3 characters, 26 separators
    char* p = buf;
    for (int pin = 0; pin < kPinCount; ++pin) {
        if (pin) *p++ = ' ';
        p = write_card_name(p, deal.pins[pin]);
    }
    *p++ = ' ';
    *p++ = '|';
    for (int pile = 0; pile < kPileCount; ++pile) {
        if (pile) {
            *p++ = ' ';
            *p++ = '/';
        }
        for (int i = 0; i < kPileSize[pile]; ++i) {
            *p++ = ' ';
            p = write_card_name(p, deal.balls[kPileOffset[pile] + i]);
        }
    }
    return std::string(buf, p);
}

std::optional<Deal> parse_deal(std::string_view text) {
    std::istringstream in{std::string(text)};
    std::vector<std::string> tokens;
    for (std::string t; in >> t;) tokens.push_back(t);
    // 10 pins, "|", 5 cards, "/", 3 cards, "/", 2 cards.
    if (tokens.size() != 23 || tokens[10] != "|" || tokens[16] != "/" || tokens[20] != "/") {
        return std::nullopt;
    }
    std::array<Card, kDeckSize> deck{};
    int n = 0;
    std::uint32_t seen = 0;
    for (const auto& t : tokens) {
        if (t == "|" || t == "/") continue;
        const auto card = parse_card(t);
        if (!card || (seen >> *card & 1)) return std::nullopt;
        seen |= 1u << *card;
        deck[n++] = *card;
    }
    return deal_from_deck(deck);
}

}  // namespace pinfall::engine
