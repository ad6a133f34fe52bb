// pinfall-loadgen: request builders and the reply scanner (see protocol.hpp for the contract).
#include "protocol.hpp"

#include <charconv>

namespace pinfall::loadgen {

namespace {

// The value after `"key":` at or after `from`, or npos.
std::size_t value_at(std::string_view text, std::string_view quoted_key, std::size_t from = 0) {
    const auto at = text.find(quoted_key, from);
    return at == std::string_view::npos ? at : at + quoted_key.size();
}

bool read_uint(std::string_view text, std::size_t at, std::uint64_t& out) {
    if (at >= text.size()) return false;
    const auto r = std::from_chars(text.data() + at, text.data() + text.size(), out);
    return r.ec == std::errc{};
}

std::string_view read_string(std::string_view text, std::size_t at) {
    if (at >= text.size() || text[at] != '"') return {};
    const auto end = text.find('"', at + 1);
    if (end == std::string_view::npos) return {};
    return text.substr(at + 1, end - at - 1);
}

// Reads `[[[1,3,6],[3,4,5]],[[1]],[]]` starting at text[at].
bool read_legal(std::string_view text, std::size_t at, std::vector<Play>& out) {
    int depth = 0, pile = 0;
    Play play;
    for (std::size_t i = at; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '[') {
            ++depth;
            if (depth == 2) ++pile;
            if (depth == 3) play = Play{static_cast<std::uint8_t>(pile), 0, {}};
        } else if (c == ']') {
            if (depth == 3) out.push_back(play);
            if (--depth == 0) return true;
        } else if (c >= '0' && c <= '9' && depth == 3) {
            unsigned v = 0;
            while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
                v = v * 10 + static_cast<unsigned>(text[i++] - '0');
            }
            --i;
            if (play.count == 3 || v < 1 || v > 10) return false;
            play.pins[play.count++] = static_cast<std::uint8_t>(v);
        } else if (c != ',') {
            return false;
        }
    }
    return false;
}

void append_uint(std::string& s, std::uint64_t v) {
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    s.append(buf, r.ptr);
}

}  // namespace

bool scan_reply(std::string_view text, Reply& out) {
    out.legal.clear();
    out.has_re = false;
    out.re = out.game = 0;
    out.over = false;
    out.code = {};
    out.has_me = false;
    out.guest = {};
    const auto type = read_string(text, value_at(text, "\"type\":"));
    if (type.empty()) return false;
    if (type == "update") out.kind = ReplyKind::kUpdate;
    else if (type == "game") out.kind = ReplyKind::kGame;
    else if (type == "error") out.kind = ReplyKind::kError;
    else if (type == "welcome") out.kind = ReplyKind::kWelcome;
    else if (type == "pong") out.kind = ReplyKind::kPong;
    else if (type == "logged_in") out.kind = ReplyKind::kLoggedIn;
    else if (type == "leaderboard") out.kind = ReplyKind::kLeaderboard;
    else out.kind = ReplyKind::kOther;
    if (const auto at = value_at(text, "\"re\":"); at != std::string_view::npos) {
        out.has_re = read_uint(text, at, out.re);
    }
    if (out.kind == ReplyKind::kWelcome) {
        out.guest = read_string(text, value_at(text, "\"guest\":"));
        return true;
    }
    if (out.kind == ReplyKind::kError) {
        out.code = read_string(text, value_at(text, "\"code\":"));
        return true;
    }
    if (out.kind == ReplyKind::kLeaderboard) {
        // `me` is the message's last field: {"rank":...} or null.
        out.has_me = text.ends_with("}}") && text.find(",\"me\":{\"rank\":") != text.npos;
        return true;
    }
    if (out.kind != ReplyKind::kUpdate && out.kind != ReplyKind::kGame) return true;
    if (!read_uint(text, value_at(text, "\"game\":"), out.game)) return false;
    out.over = out.kind == ReplyKind::kUpdate
                   ? text.find("\"e\":\"game_over\"") != std::string_view::npos
                   : text.find("\"over\":true") != std::string_view::npos;
    const auto legal = value_at(text, "\"legal\":");
    return legal != std::string_view::npos && read_legal(text, legal, out.legal);
}

std::string make_hello(std::uint64_t id, std::string_view guest) {
    std::string s = "{\"type\":\"hello\",\"id\":";
    append_uint(s, id);
    s += ",\"version\":1";
    if (!guest.empty()) s.append(",\"guest\":\"").append(guest).append("\"");
    s += '}';
    return s;
}

std::string make_practice_start(std::uint64_t id, std::string_view ruleset,
                                std::string_view seed) {
    std::string s = "{\"type\":\"practice_start\",\"id\":";
    append_uint(s, id);
    s.append(",\"ruleset\":\"").append(ruleset).append("\"");
    if (!seed.empty()) s.append(",\"seed\":\"").append(seed).append("\"");
    s += '}';
    return s;
}

std::string make_play(std::uint64_t id, std::uint64_t game, const Play& play) {
    std::string s;
    s.reserve(64);
    s = "{\"type\":\"play\",\"id\":";
    append_uint(s, id);
    s += ",\"game\":";
    append_uint(s, game);
    s += ",\"pile\":";
    append_uint(s, play.pile);
    s += ",\"pins\":[";
    for (unsigned i = 0; i < play.count; ++i) {
        if (i) s += ',';
        append_uint(s, play.pins[i]);
    }
    s += "]}";
    return s;
}

std::string make_login(std::uint64_t id, std::string_view token) {
    std::string s = "{\"type\":\"login\",\"id\":";
    append_uint(s, id);
    s.append(",\"token\":\"").append(token).append("\"}");
    return s;
}

std::string make_leaderboard(std::uint64_t id, std::string_view date, bool around,
                             unsigned limit) {
    std::string s = "{\"type\":\"leaderboard\",\"id\":";
    append_uint(s, id);
    s.append(",\"date\":\"").append(date).append("\",\"limit\":");
    append_uint(s, limit);
    if (around) s += ",\"around\":true";
    s += '}';
    return s;
}

std::string make_stop(std::uint64_t id, std::uint64_t game) {
    std::string s = "{\"type\":\"stop\",\"id\":";
    append_uint(s, id);
    s += ",\"game\":";
    append_uint(s, game);
    s += '}';
    return s;
}

std::string seed_hex(std::uint64_t a, std::uint64_t b, std::uint64_t c) {
    static constexpr char kHex[] = "0123456789abcdef";
    const std::uint64_t words[4] = {a, b, c, a ^ b ^ c ^ 0x5069'6E66'616C'6C21ull};
    std::string s(64, '0');
    for (int w = 0; w < 4; ++w) {
        for (int i = 0; i < 16; ++i) s[w * 16 + i] = kHex[(words[w] >> (60 - 4 * i)) & 15];
    }
    return s;
}

std::string make_peer_request(std::uint64_t id, unsigned bytes) {
    std::string s = make_play(id, 1, Play{1, 3, {1, 3, 6}});
    if (s.size() < bytes) s.insert(s.size() - 1, bytes - s.size(), ' ');  // JSON whitespace
    return s;
}

}  // namespace pinfall::loadgen
