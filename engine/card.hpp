// Cards of Bowling Solitaire: Ace-10 of hearts and spades, as ids 0-19 (docs/rules.md,
// "Cards and pins").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pinfall::engine {

// A card id: 0-9 are A,2..10 of hearts, 10-19 are A,2..10 of spades. kNoCard marks an empty slot.
using Card = std::uint8_t;
inline constexpr Card kNoCard = 0xFF;
inline constexpr int kDeckSize = 20;

// Rank 1 (Ace) .. 10. REQUIRES: c < kDeckSize.
constexpr int card_rank(Card c) { return c % 10 + 1; }
// Value used in sums: rank, with the 10 counting 0.
constexpr int card_value(Card c) { return card_rank(c) % 10; }
constexpr bool card_is_spade(Card c) { return c >= 10; }

// "AH", "2S", ..., "10H". REQUIRES: c < kDeckSize.
std::string card_name(Card c);
// Appends card_name(c) to out (the deal and record texts, without a string a card).
void append_card_name(std::string& out, Card c);
// Writes card_name(c) at out, which has room for 3 characters; returns the end of what it wrote.
char* write_card_name(char* out, Card c);
// Parses a name written by card_name (suit letter in either case). Returns nullopt on anything else.
std::optional<Card> parse_card(std::string_view text);

}  // namespace pinfall::engine
