#include "engine/card.hpp"

namespace pinfall::engine {

char* write_card_name(char* out, Card c) {
    const int rank = card_rank(c);
    if (rank == 10) {
        *out++ = '1';
        *out++ = '0';
    } else {
        *out++ = rank == 1 ? 'A' : static_cast<char>('0' + rank);
    }
    *out++ = card_is_spade(c) ? 'S' : 'H';
    return out;
}

void append_card_name(std::string& out, Card c) {
    char name[3];
    out.append(name, write_card_name(name, c));
}

std::string card_name(Card c) {
    std::string out;
    append_card_name(out, c);
    return out;
}

std::optional<Card> parse_card(std::string_view text) {
    if (text.size() < 2 || text.size() > 3) return std::nullopt;
    const char suit = text.back();
    int suit_base;
    if (suit == 'H' || suit == 'h') {
        suit_base = 0;
    } else if (suit == 'S' || suit == 's') {
        suit_base = 10;
    } else {
        return std::nullopt;
    }
    const std::string_view rank = text.substr(0, text.size() - 1);
    int r = 0;
    if (rank == "A" || rank == "a") {
        r = 1;
    } else if (rank == "10") {
        r = 10;
    } else if (rank.size() == 1 && rank[0] >= '2' && rank[0] <= '9') {
        r = rank[0] - '0';
    } else {
        return std::nullopt;
    }
    return static_cast<Card>(suit_base + r - 1);
}

}  // namespace pinfall::engine
