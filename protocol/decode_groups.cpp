// Decoding of the lane and league requests (docs/protocol.md "Lanes", "Leagues").
#include "protocol/decode_fields.hpp"

namespace pinfall::protocol::detail {

std::optional<RequestBody> decode_group_request(std::string_view type, const json& obj) {
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
                          "entering_average", "vacancy_score", "secretary_bowls"});
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
        if (obj.contains("handicap_basis")) {
            c.handicap_basis = static_cast<int>(get_int(obj, "handicap_basis", 0, 300));
        }
        if (obj.contains("entering_average")) {
            c.entering_average = static_cast<int>(get_int(obj, "entering_average", 0, 300));
        }
        if (obj.contains("vacancy_score")) {
            c.vacancy_score = static_cast<int>(get_int(obj, "vacancy_score", 0, 300));
        }
        if (const auto* s = get_string(obj, "scoring", false)) {
            if (*s != "scratch" && *s != "handicap") {
                throw Refusal{code::kBadRequest, "scoring must be \"scratch\" or \"handicap\""};
            }
            c.handicap = *s == "handicap";
        }
        if (const auto b = obj.find("secretary_bowls"); b != obj.end()) {
            if (!b->is_boolean()) {
                throw Refusal{code::kBadRequest, "secretary_bowls must be true or false"};
            }
            c.secretary_bowls = b->get<bool>();
        }
        return c;
    }
    if (type == "league_join") {
        only_fields(obj, {"code"});
        return LeagueJoin{*get_string(obj, "code", true)};
    }
    if (type == "league_list") {
        only_fields(obj, {});
        LeagueGet g;
        g.view = LeagueView::kMine;
        return g;
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
    return std::nullopt;
}

}  // namespace pinfall::protocol::detail
