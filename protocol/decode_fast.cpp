// The DOM-free decoder of the hot game actions (decode_fast.hpp). Its only duty is never to
// accept what the full decoder (decode.cpp) would refuse or read differently, so every check
// below mirrors one of the full decoder's, and any doubt returns nullopt: the full decoder then
// gives the answer, error or not, exactly as before.
#include "protocol/decode_fast.hpp"

#include <cstdint>
#include <cstring>
#include <vector>

namespace pinfall::protocol::detail {
namespace {

// The four characters JSON calls whitespace; nlohmann skips exactly these between tokens.
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// A cursor over the text. Every reader skips leading whitespace and returns nullopt (or false)
// on anything it does not accept, leaving the caller to give up.
class Scanner {
 public:
    explicit Scanner(std::string_view text) : p_(text.data()), end_(p_ + text.size()) {}

    // Consumes the character c, after optional whitespace.
    bool eat(char c) {
        skip_space();
        if (p_ == end_ || *p_ != c) return false;
        ++p_;
        return true;
    }

    // True when only whitespace is left.
    bool at_end() {
        skip_space();
        return p_ == end_;
    }

    // The raw contents of a string without backslashes. They may hold any other byte (control
    // characters, invalid UTF-8) that the full decoder refuses, so callers only compare them with
    // known ASCII names and never keep them.
    std::optional<std::string_view> plain_string() {
        if (!eat('"')) return std::nullopt;
        const char* start = p_;
        while (p_ != end_ && *p_ != '"') {
            if (*p_ == '\\') return std::nullopt;  // escapes: the full decoder unescapes them
            ++p_;
        }
        if (p_ == end_) return std::nullopt;
        return std::string_view(start, static_cast<std::size_t>(p_++ - start));
    }

    // An integer in [lo, hi] (lo >= 0) written as digits only. No sign, no leading zero: "-0"
    // and "01" are for the full decoder to read or refuse. A fraction or exponent stops the
    // digits, and the caller then finds no ',', '}' or ']' where it expects one. At most 16
    // digits, so the value cannot overflow and covers kMaxId (2^53-1, 16 digits).
    std::optional<std::int64_t> natural(std::int64_t lo, std::int64_t hi) {
        skip_space();
        const char* start = p_;
        std::int64_t value = 0;
        for (; p_ != end_ && *p_ >= '0' && *p_ <= '9'; ++p_) {
            if (p_ - start == 16) return std::nullopt;
            value = value * 10 + (*p_ - '0');
        }
        const auto digits = p_ - start;
        if (digits == 0 || (digits > 1 && *start == '0')) return std::nullopt;
        if (value < lo || value > hi) return std::nullopt;
        return value;
    }

 private:
    void skip_space() {
        while (p_ != end_ && is_space(*p_)) ++p_;
    }

    const char* p_;
    const char* end_;
};

// Fields, as bits of the set of keys seen.
enum Field : unsigned { kType, kId, kGame, kPile, kPins, kFieldCount };
constexpr unsigned bit(Field f) { return 1u << f; }

// Whether s is the literal. An equality memcmp of a constant length becomes a load and a compare;
// string_view's operator== goes through its three-way compare(), which -O3 left as a call.
template <std::size_t N>
bool is(std::string_view s, const char (&literal)[N]) {
    return s.size() == N - 1 && std::memcmp(s.data(), literal, N - 1) == 0;
}

// The field a key names, kFieldCount for any other.
Field field_of(std::string_view key) {
    if (is(key, "type")) return kType;
    if (is(key, "id")) return kId;
    if (is(key, "game")) return kGame;
    if (is(key, "pile")) return kPile;
    if (is(key, "pins")) return kPins;
    return kFieldCount;
}

// Reads the pins array into `pins` (empty on entry): at most 10 entries, as the full decoder
// refuses more (too_many_pins), each in [0, 1000]; the full decoder takes -1000 too, but negatives
// are not plain digits.
bool pin_list(Scanner& in, std::vector<int>& pins) {
    if (!in.eat('[')) return false;
    if (in.eat(']')) return true;
    pins.reserve(10);  // one allocation, not one for each doubling (a ball takes 1-3 pins)
    do {
        if (pins.size() == 10) return false;
        const auto pin = in.natural(0, 1000);
        if (!pin) return false;
        pins.push_back(static_cast<int>(*pin));
    } while (in.eat(','));
    return in.eat(']');
}

}  // namespace

std::optional<Request> decode_fast(std::string_view text, int max_depth) {
    // The full decoder refuses an object or array at depth >= max_depth, the top-level object
    // being depth 0 and play's pins depth 1.
    if (max_depth < 2) return std::nullopt;

    constexpr auto kMax = static_cast<std::int64_t>(kMaxId);
    Scanner in(text);
    unsigned seen = 0;
    std::string_view type;
    std::int64_t id = 0, game = 0, pile = 0;
    std::vector<int> pins;
    auto number = [&in](std::int64_t& out, std::int64_t lo, std::int64_t hi) {
        const auto n = in.natural(lo, hi);
        if (n) out = *n;
        return n.has_value();
    };

    if (!in.eat('{')) return std::nullopt;
    do {
        const auto key = in.plain_string();
        if (!key || !in.eat(':')) return std::nullopt;
        const Field f = field_of(*key);
        // An unknown key or a duplicate: the full decoder refuses both.
        if (f == kFieldCount || (seen & bit(f))) return std::nullopt;
        seen |= bit(f);

        bool ok = false;
        switch (f) {
            case kType:
                if (const auto t = in.plain_string()) {
                    type = *t;  // compared with the four names below
                    ok = true;
                }
                break;
            // The ranges of decode.cpp; its pile range starts at -100, negatives are left to it.
            case kId:
                ok = number(id, 0, kMax);
                break;
            case kGame:
                ok = number(game, 1, kMax);
                break;
            case kPile:
                ok = number(pile, 0, 100);
                break;
            case kPins:
                ok = pin_list(in, pins);
                break;
            case kFieldCount:
                break;
        }
        if (!ok) return std::nullopt;
    } while (in.eat(','));
    if (!in.eat('}') || !in.at_end()) return std::nullopt;

    // Exactly the fields the full decoder requires, and no other.
    constexpr unsigned kCommon = bit(kType) | bit(kId) | bit(kGame);
    if (is(type, "play") && seen == (kCommon | bit(kPile) | bit(kPins))) {
        return Request{static_cast<std::uint64_t>(id),
                       PlayRequest{game, static_cast<int>(pile), std::move(pins)}};
    }
    if (seen != kCommon) return std::nullopt;
    if (is(type, "stop")) return Request{static_cast<std::uint64_t>(id), StopRequest{game}};
    if (is(type, "resign")) return Request{static_cast<std::uint64_t>(id), ResignRequest{game}};
    if (is(type, "snapshot")) return Request{static_cast<std::uint64_t>(id), SnapshotRequest{game}};
    return std::nullopt;
}

}  // namespace pinfall::protocol::detail
