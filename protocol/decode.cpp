// nlohmann/json exceptions stop here (STYLE.md habit 2): every failure becomes a DecodeError.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <initializer_list>
#include <string_view>

#include "protocol/messages.hpp"

namespace pinfall::protocol {
namespace {

using nlohmann::json;

struct Refusal {
    const char* code;
    std::string message;
};

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

// Reads an integer value named `what` in [lo, hi]; refuses floats, strings, booleans and
// out-of-range values.
std::int64_t int_value(const json& v, const std::string& what, std::int64_t lo, std::int64_t hi) {
    bool in_range = false;
    std::int64_t out = 0;
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        in_range = u <= static_cast<std::uint64_t>(hi) && static_cast<std::int64_t>(u) >= lo;
        out = static_cast<std::int64_t>(u);
    } else if (v.is_number_integer()) {
        out = v.get<std::int64_t>();
        in_range = out >= lo && out <= hi;
    } else {
        throw Refusal{code::kBadRequest, what + " must be an integer"};
    }
    if (!in_range) {
        throw Refusal{code::kBadRequest, what + " must be between " + std::to_string(lo) +
                                             " and " + std::to_string(hi)};
    }
    return out;
}

// Reads an integer field in [lo, hi].
std::int64_t get_int(const json& obj, const char* field, std::int64_t lo, std::int64_t hi) {
    const auto it = obj.find(field);
    if (it == obj.end()) throw Refusal{code::kBadRequest, std::string("missing field ") + field};
    return int_value(*it, field, lo, hi);
}

const std::string* get_string(const json& obj, const char* field, bool required) {
    const auto it = obj.find(field);
    if (it == obj.end()) {
        if (required) throw Refusal{code::kBadRequest, std::string("missing field ") + field};
        return nullptr;
    }
    if (!it->is_string()) throw Refusal{code::kBadRequest, std::string(field) + " must be a string"};
    return &it->get_ref<const std::string&>();
}

void only_fields(const json& obj, std::initializer_list<std::string_view> allowed) {
    for (const auto& [k, v] : obj.items()) {
        if (k == "type" || k == "id") continue;
        if (std::find(allowed.begin(), allowed.end(), k) == allowed.end()) {
            throw Refusal{code::kBadRequest, "unknown field " + k};
        }
    }
}

GameId get_game(const json& obj) {
    return get_int(obj, "game", 1, static_cast<std::int64_t>(kMaxId));
}

RequestBody decode_body(std::string_view type, const json& obj) {
    if (type == "hello") {
        only_fields(obj, {"version", "guest"});
        Hello h;
        h.version = static_cast<int>(get_int(obj, "version", 0, 1 << 30));
        if (const auto* g = get_string(obj, "guest", false)) h.guest = *g;
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
        only_fields(obj, {"name"});
        return Register{*get_string(obj, "name", true)};
    }
    if (type == "login") {
        only_fields(obj, {"token"});
        return Login{*get_string(obj, "token", true)};
    }
    if (type == "daily") {
        only_fields(obj, {});
        return DailyInfo{};
    }
    if (type == "daily_start") {
        only_fields(obj, {});
        return DailyStart{};
    }
    if (type == "leaderboard") {
        only_fields(obj, {"board", "date", "limit", "cursor", "around"});
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
    if (type == "lane_open") {
        only_fields(obj, {"ruleset", "sides", "teams", "join", "name"});
        LaneOpen l;
        l.ruleset = *get_string(obj, "ruleset", true);
        const auto it = obj.find("sides");
        if (it == obj.end() || !it->is_array()) {
            throw Refusal{code::kBadRequest, "sides must be an array of names"};
        }
        if (it->empty() || it->size() > 8) throw Refusal{code::kBadRequest, "1 to 8 sides"};
        for (const auto& s : *it) {
            if (!s.is_string()) throw Refusal{code::kBadRequest, "side names are strings"};
            l.sides.push_back(s.get<std::string>());
        }
        if (const auto t = obj.find("teams"); t != obj.end()) {
            if (!t->is_boolean()) throw Refusal{code::kBadRequest, "teams must be true or false"};
            l.teams = t->get<bool>();
        }
        if (obj.contains("join")) l.join = static_cast<int>(get_int(obj, "join", 0, 7));
        if (const auto* n = get_string(obj, "name", false)) l.name = *n;
        return l;
    }
    if (type == "lane_join") {
        only_fields(obj, {"lane", "side", "name"});
        LaneJoin j{*get_string(obj, "lane", true), static_cast<int>(get_int(obj, "side", 0, 7)),
                   std::nullopt};
        if (const auto* n = get_string(obj, "name", false)) j.name = *n;
        return j;
    }
    if (type == "lane_watch" || type == "lane_undo") {
        only_fields(obj, {"lane"});
        const std::string lane = *get_string(obj, "lane", true);
        if (type == "lane_watch") return LaneWatch{lane};
        return LaneUndo{lane};
    }
    if (type == "lane_report") {
        only_fields(obj, {"lane", "side", "pins", "foul"});
        LaneReportRequest r;
        r.lane = *get_string(obj, "lane", true);
        r.side = static_cast<int>(get_int(obj, "side", 0, 7));
        if (const auto f = obj.find("foul"); f != obj.end()) {
            if (!f->is_boolean()) throw Refusal{code::kBadRequest, "foul must be true or false"};
            r.foul = f->get<bool>();
        }
        if (r.foul) {
            if (obj.contains("pins")) throw Refusal{code::kBadRequest, "a foul has no pins"};
        } else {
            // Negative counts reach the engine, which answers negative_roll.
            r.pins = static_cast<int>(get_int(obj, "pins", -100, 100));
        }
        return r;
    }
    if (type == "league_create") {
        only_fields(obj, {"name", "ruleset", "rounds", "games_per_round", "round_days",
                          "start_date", "scoring", "handicap_percent", "handicap_basis",
                          "entering_average", "vacancy_score"});
        LeagueCreate c;
        c.name = *get_string(obj, "name", true);
        if (const auto* r = get_string(obj, "ruleset", false)) c.ruleset = *r;
        c.rounds = static_cast<int>(get_int(obj, "rounds", 1, 100));
        c.start_date = *get_string(obj, "start_date", true);
        auto opt_int = [&](const char* f, int* out, int lo, int hi) {
            if (obj.contains(f)) *out = static_cast<int>(get_int(obj, f, lo, hi));
        };
        opt_int("games_per_round", &c.games_per_round, 1, 10);
        opt_int("round_days", &c.round_days, 1, 365);
        opt_int("handicap_percent", &c.handicap_percent, 0, 100);
        opt_int("handicap_basis", &c.handicap_basis, 0, 300);
        opt_int("entering_average", &c.entering_average, 0, 300);
        if (obj.contains("vacancy_score")) {
            c.vacancy_score = static_cast<int>(get_int(obj, "vacancy_score", 0, 300));
        }
        if (const auto* s = get_string(obj, "scoring", false)) {
            if (*s != "scratch" && *s != "handicap") {
                throw Refusal{code::kBadRequest, "scoring must be \"scratch\" or \"handicap\""};
            }
            c.handicap = *s == "handicap";
        }
        return c;
    }
    if (type == "league_join") {
        only_fields(obj, {"code"});
        return LeagueJoin{*get_string(obj, "code", true)};
    }
    if (type == "league" || type == "league_standings" || type == "league_round") {
        only_fields(obj, {"league", "round"});
        LeagueGet g;
        g.league = get_int(obj, "league", 1, static_cast<std::int64_t>(kMaxId));
        if (type == "league_standings") g.view = LeagueView::kStandings;
        if (type == "league_round") {
            g.view = LeagueView::kRound;
            g.round = static_cast<int>(get_int(obj, "round", 1, 100));
        } else if (obj.contains("round")) {
            throw Refusal{code::kBadRequest, "unknown field round"};
        }
        return g;
    }
    if (type == "league_play") {
        only_fields(obj, {"league", "round", "game"});
        return LeaguePlay{get_int(obj, "league", 1, static_cast<std::int64_t>(kMaxId)),
                          static_cast<int>(get_int(obj, "round", 1, 100)),
                          static_cast<int>(get_int(obj, "game", 1, 10))};
    }
    if (type == "league_secretary") {
        only_fields(obj, {"league", "action", "player", "round"});
        LeagueSecretary s;
        s.league = get_int(obj, "league", 1, static_cast<std::int64_t>(kMaxId));
        const std::string action = *get_string(obj, "action", true);
        if (action == "close_joining") {
            s.action = SecretaryAction::kCloseJoining;
        } else if (action == "open_joining") {
            s.action = SecretaryAction::kOpenJoining;
        } else if (action == "remove") {
            s.action = SecretaryAction::kRemove;
            s.player = get_int(obj, "player", 1, static_cast<std::int64_t>(kMaxId));
        } else if (action == "start_season") {
            s.action = SecretaryAction::kStartSeason;
        } else if (action == "end_round") {
            s.action = SecretaryAction::kEndRound;
            s.round = static_cast<int>(get_int(obj, "round", 1, 100));
        } else if (action == "end_season") {
            s.action = SecretaryAction::kEndSeason;
        } else {
            throw Refusal{code::kBadRequest, "unknown secretary action"};
        }
        return s;
    }
    if (type == "ping") {
        only_fields(obj, {});
        return Ping{};
    }
    throw Refusal{code::kUnknownType, "unknown message type \"" + std::string(type) + "\""};
}

}  // namespace

Decoded decode_request(std::string_view text, int max_depth) {
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

}  // namespace pinfall::protocol
