// nlohmann/json exceptions stop here (docs/style.md habit 2): every failure becomes a DecodeError.
#include "protocol/decode_fields.hpp"

#include <algorithm>
#include <initializer_list>
#include <string_view>

#include "protocol/decode_fast.hpp"
#include "protocol/messages.hpp"

namespace pinfall::protocol {
namespace {

using namespace detail;

// Parses text, refusing duplicate keys and nesting deeper than max_depth as it goes.
json parse_strict(std::string_view text, int max_depth) {
    // Keys of every open object in one flat list; `starts` marks where each object's keys begin.
    std::vector<std::string> keys;
    std::vector<std::size_t> starts;
    auto callback = [&](int depth, json::parse_event_t event, json& parsed) -> bool {
        switch (event) {
            case json::parse_event_t::object_start:
                if (depth >= max_depth) {
                    throw Refusal{code::kBadRequest, "nesting deeper than " +
                                                         std::to_string(max_depth) + " levels"};
                }
                starts.push_back(keys.size());
                break;
            case json::parse_event_t::array_start:
                if (depth >= max_depth) {
                    throw Refusal{code::kBadRequest, "nesting deeper than " +
                                                         std::to_string(max_depth) + " levels"};
                }
                break;
            case json::parse_event_t::key: {
                const auto& k = parsed.get_ref<const std::string&>();
                const auto first = keys.begin() + static_cast<std::ptrdiff_t>(starts.back());
                if (std::find(first, keys.end(), k) != keys.end()) {
                    throw Refusal{code::kBadRequest, "duplicate key \"" + k + "\""};
                }
                keys.push_back(k);
                break;
            }
            case json::parse_event_t::object_end:
                keys.resize(starts.back());
                starts.pop_back();
                break;
            default:
                break;
        }
        return true;
    };
    return json::parse(text.begin(), text.end(), callback);
}

RequestBody decode_body(std::string_view type, const json& obj) {
    if (type == "hello") {
        only_fields(obj, {"version", "guest", "browser"});
        Hello h;
        h.version = static_cast<int>(get_int(obj, "version", 0, 1 << 30));
        if (const auto* g = get_string(obj, "guest", false)) h.guest = *g;
        if (const auto* b = get_string(obj, "browser", false)) h.browser = browser_key(*b);
        return h;
    }
    if (type == "practice_start") {
        only_fields(obj, {"ruleset", "seed", "day"});
        PracticeStart p;
        if (const auto* r = get_string(obj, "ruleset", false)) {
            const auto rs = engine::parse_ruleset(*r);
            if (!rs) throw Refusal{code::kBadRequest, "ruleset must be \"sackson\" or \"strict\""};
            p.ruleset = *rs;
        }
        if (const auto* s = get_string(obj, "seed", false)) {
            p.seed = engine::parse_seed_hex(*s);
            if (!p.seed) throw Refusal{code::kBadRequest, "seed must be 64 hex characters"};
        }
        if (const auto* d = get_string(obj, "day", false)) {
            if (p.seed) throw Refusal{code::kBadRequest, "give a seed or a day, not both"};
            p.day = *d;
        }
        return p;
    }
    if (type == "play") {
        only_fields(obj, {"game", "pile", "pins"});
        PlayRequest p;
        p.game = get_game(obj);
        // A narrow range: the server passes pile - 1 to the engine as an 8-bit value, so a
        // wider one let 257 or -255 wrap round to pile 1 instead of being bad_pile.
        p.pile = static_cast<int>(get_int(obj, "pile", -100, 100));
        const auto it = obj.find("pins");
        if (it == obj.end()) throw Refusal{code::kBadRequest, "missing field pins"};
        if (!it->is_array()) throw Refusal{code::kBadRequest, "pins must be an array"};
        if (it->size() > 10) throw Refusal{code::kTooManyPins, "at most three pins"};
        p.pins.reserve(it->size());
        for (const auto& pin : *it) {
            p.pins.push_back(static_cast<int>(int_value(pin, "pin", -1000, 1000)));
        }
        return p;
    }
    if (type == "stop" || type == "resign" || type == "snapshot") {
        only_fields(obj, {"game"});
        const GameId game = get_game(obj);
        if (type == "stop") return StopRequest{game};
        if (type == "resign") return ResignRequest{game};
        return SnapshotRequest{game};
    }
    if (type == "register") {
        only_fields(obj, {"name", "password"});
        Register m{*get_string(obj, "name", true), std::nullopt};
        if (const auto* pw = get_string(obj, "password", false)) m.password = *pw;
        return m;
    }
    if (type == "login") {
        only_fields(obj, {"token", "name", "password"});
        Login m;
        if (const auto* t = get_string(obj, "token", false)) m.token = *t;
        if (const auto* n = get_string(obj, "name", false)) m.name = *n;
        if (const auto* pw = get_string(obj, "password", false)) m.password = *pw;
        if (m.token ? (m.name || m.password) : !(m.name && m.password)) {
            throw Refusal{code::kBadRequest, "send a token, or a name and a password"};
        }
        return m;
    }
    if (type == "change_password") {
        only_fields(obj, {"password", "current"});
        ChangePassword m{*get_string(obj, "password", true), std::nullopt};
        if (const auto* c = get_string(obj, "current", false)) m.current = *c;
        return m;
    }
    if (type == "logout_others") {
        only_fields(obj, {});
        return LogoutOthers{};
    }
    if (type == "daily") {
        only_fields(obj, {});
        return DailyInfo{};
    }
    if (type == "daily_start") {
        only_fields(obj, {"guest"});
        DailyStart d;
        if (const auto it = obj.find("guest"); it != obj.end()) {
            if (!it->is_boolean()) throw Refusal{code::kBadRequest, "guest must be true or false"};
            d.guest = it->get<bool>();
        }
        return d;
    }
    if (type == "leaderboard") {
        only_fields(obj, {"board", "date", "limit", "cursor", "around", "scope"});
        LeaderboardRequest l;
        if (const auto* b = get_string(obj, "board", false)) {
            if (*b == "daily") {
                l.board = Board::kDaily;
            } else if (*b == "best_game") {
                l.board = Board::kBestGame;
            } else if (*b == "best_average") {
                l.board = Board::kBestAverage;
            } else {
                throw Refusal{code::kBadRequest,
                              "board must be \"daily\", \"best_game\" or \"best_average\""};
            }
        }
        if (const auto* d = get_string(obj, "date", false)) l.date = *d;
        if (obj.contains("limit")) {
            l.limit = static_cast<int>(get_int(obj, "limit", 1, kMaxLeaderboardLimit));
        }
        if (const auto* c = get_string(obj, "cursor", false)) l.cursor = *c;
        if (const auto it = obj.find("around"); it != obj.end()) {
            if (!it->is_boolean()) throw Refusal{code::kBadRequest, "around must be true or false"};
            l.around = it->get<bool>();
        }
        if (const auto* sc = get_string(obj, "scope", false)) l.scope = board_scope(*sc);
        return l;
    }
    if (type == "profile") {
        only_fields(obj, {"player"});
        ProfileRequest p;
        if (obj.contains("player")) {
            p.player = get_int(obj, "player", 1, static_cast<std::int64_t>(kMaxId));
        }
        return p;
    }
    if (type == "verify") {
        only_fields(obj, {"game"});
        return VerifyRequest{get_game(obj)};
    }
    if (type == "record") {
        only_fields(obj, {"game"});
        return RecordRequest{get_game(obj)};
    }
    if (type == "hint") {
        only_fields(obj, {"game"});
        return HintRequest{get_game(obj)};
    }
    if (type == "undo") {
        only_fields(obj, {"game"});
        return UndoRequest{get_game(obj)};
    }
    if (type == "review") {
        only_fields(obj, {"game"});
        return ReviewRequest{get_game(obj)};
    }
    if (auto group = decode_group_request(type, obj)) return std::move(*group);
    if (auto m = decode_moderation_request(type, obj)) return std::move(*m);
    if (auto a = decode_arena_request(type, obj)) return std::move(*a);
    if (auto f = decode_social_request(type, obj)) return std::move(*f);
    if (auto p = decode_push_request(type, obj)) return std::move(*p);
    if (type == "ping") {
        only_fields(obj, {});
        return Ping{};
    }
    throw Refusal{code::kUnknownType, "unknown message type \"" + std::string(type) + "\""};
}

}  // namespace

Decoded detail::decode_request_full(std::string_view text, int max_depth) {
    std::optional<std::uint64_t> id;
    try {
        json obj;
        // nlohmann's lexer reads a NUL byte as the end of input, so "{...}\0garbage" would
        // pass; valid JSON text never holds a raw NUL (inside strings it must be escaped).
        if (text.find('\0') != std::string_view::npos) {
            return DecodeError{std::nullopt, code::kBadJson, "not valid JSON"};
        }
        try {
            obj = parse_strict(text, max_depth);
        } catch (const json::out_of_range&) {
            // Valid JSON grammar with a number no double holds (1e400): a range error, not
            // malformed text.
            return DecodeError{std::nullopt, code::kBadRequest, "a number is out of range"};
        } catch (const json::exception&) {
            return DecodeError{std::nullopt, code::kBadJson, "not valid JSON"};
        }
        if (!obj.is_object()) throw Refusal{code::kBadRequest, "a request is a JSON object"};
        if (obj.contains("id")) id = static_cast<std::uint64_t>(get_int(obj, "id", 0, kMaxId));
        const auto* type = get_string(obj, "type", true);
        if (!id) throw Refusal{code::kBadRequest, "missing field id"};
        return Request{*id, decode_body(*type, obj)};
    } catch (const Refusal& r) {
        return DecodeError{id, r.code, r.message};
    } catch (const std::exception&) {
        return DecodeError{id, code::kBadRequest, "malformed request"};
    }
}

Decoded decode_request(std::string_view text, int max_depth) {
    // The hot game actions skip the DOM; the fast path accepts only what the full decoder
    // accepts alike, so every refusal and every other request is still the full decoder's.
    if (auto fast = detail::decode_fast(text, max_depth)) return std::move(*fast);
    return detail::decode_request_full(text, max_depth);
}

}  // namespace pinfall::protocol
