// pinfall-loadgen: the few Pinfall messages the load generator sends, and a scanner for the
// replies it needs to read (docs/protocol.md).
//
// Contract: the make_* functions return one request as compact JSON text. scan_reply() reads a
// server message without building a DOM: the top-level "type", "re" (absent or null: has_re
// false), "game", whether the game is over ("e":"game_over" in an update, "over":true in a
// snapshot) and, for update and game messages, the "legal" plays. It relies on the server's
// compact encoding (no whitespace) and on those keys not occurring inside strings, which holds
// for every message docs/protocol.md lists; it returns false for text it cannot read. It does
// not check the rest of the message: validation here means "an update answering our id".
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pinfall::loadgen {

struct Play {
    std::uint8_t pile = 1;  // 1-3
    std::uint8_t count = 0;
    std::array<std::uint8_t, 3> pins{};
};

enum class ReplyKind { kWelcome, kGame, kUpdate, kError, kPong, kLoggedIn, kLeaderboard, kOther };

struct Reply {
    ReplyKind kind = ReplyKind::kOther;
    bool has_re = false;
    std::uint64_t re = 0;
    std::uint64_t game = 0;
    bool over = false;
    std::vector<Play> legal;  // every legal play of every pile, in message order
    std::string_view code;    // errors: the code
    bool has_me = false;      // leaderboard: `me` is an entry (not null)
    std::string_view guest;   // welcome: the guest token
};

bool scan_reply(std::string_view text, Reply& out);

// guest: a guest token to say hello as that guest, or empty for a new guest.
std::string make_hello(std::uint64_t id, std::string_view guest = {});
// seed_hex: 64 hex characters, or empty for a server-chosen seed.
std::string make_practice_start(std::uint64_t id, std::string_view ruleset,
                                std::string_view seed_hex);
std::string make_play(std::uint64_t id, std::uint64_t game, const Play& play);
std::string make_login(std::uint64_t id, std::string_view token);
// A daily leaderboard request: limit 1 (the player's rank, in `me`), the top 50, or around me.
std::string make_leaderboard(std::uint64_t id, std::string_view date, bool around,
                             unsigned limit);
std::string make_stop(std::uint64_t id, std::uint64_t game);
// 64 hex characters derived from the three numbers (a fixed, repeatable game seed).
std::string seed_hex(std::uint64_t a, std::uint64_t b, std::uint64_t c);
// A play message for the comparison peers, padded with spaces before its final '}' to at
// least `bytes` bytes (still JSON).
std::string make_peer_request(std::uint64_t id, unsigned bytes);

// xorshift64*: the play choices. Deterministic for a given seed.
class Rng {
   public:
    explicit Rng(std::uint64_t seed) : s_(seed * 0x9E3779B97F4A7C15ull | 1) {}
    std::uint64_t next() {
        s_ ^= s_ >> 12;
        s_ ^= s_ << 25;
        s_ ^= s_ >> 27;
        return s_ * 0x2545F4914F6CDD1Dull;
    }
    std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }

   private:
    std::uint64_t s_;
};

}  // namespace pinfall::loadgen
