// Decoding of the arena requests (docs/protocol.md "Arenas"). Shapes and ranges of fields are
// checked here; what depends on the server (times, rulesets, leagues) is checked there.
#include "protocol/decode_fields.hpp"

namespace pinfall::protocol::detail {

namespace {

std::int64_t arena_id(const json& obj) {
    return get_int(obj, "arena", 1, static_cast<std::int64_t>(kMaxId));
}

}  // namespace

std::optional<RequestBody> decode_arena_request(std::string_view type, const json& obj) {
    if (type == "arena_list") {
        only_fields(obj, {"phase", "limit"});
        ArenaList m;
        if (const auto* p = get_string(obj, "phase", false)) {
            if (*p == "upcoming") {
                m.phase = ArenaPhase::kUpcoming;
            } else if (*p == "live") {
                m.phase = ArenaPhase::kLive;
            } else if (*p == "finished") {
                m.phase = ArenaPhase::kFinished;
            } else if (*p != "all") {
                throw Refusal{code::kBadRequest,
                              "phase must be \"upcoming\", \"live\", \"finished\" or \"all\""};
            }
        }
        if (obj.contains("limit")) m.limit = static_cast<int>(get_int(obj, "limit", 1, 50));
        return m;
    }
    if (type == "arena_create") {
        only_fields(obj, {"name", "ruleset", "starts_at", "duration_min", "clock_s", "entry",
                          "league"});
        ArenaCreate m;
        m.name = *get_string(obj, "name", true);
        if (const auto* r = get_string(obj, "ruleset", false)) m.ruleset = *r;
        m.starts_at = *get_string(obj, "starts_at", true);
        m.duration_min = static_cast<int>(get_int(obj, "duration_min", 1, 100000));
        if (obj.contains("clock_s")) m.clock_s = static_cast<int>(get_int(obj, "clock_s", 1, 100000));
        if (const auto* e = get_string(obj, "entry", false)) m.entry = *e;
        if (obj.contains("league")) {
            m.league = get_int(obj, "league", 1, static_cast<std::int64_t>(kMaxId));
        }
        return m;
    }
    if (type == "arena_join" || type == "arena_leave") {
        only_fields(obj, {"arena"});
        return ArenaRequest{type == "arena_join" ? ArenaAction::kJoin : ArenaAction::kLeave,
                            arena_id(obj)};
    }
    if (type == "arena") {
        only_fields(obj, {"arena", "offset", "limit"});
        ArenaRequest m{ArenaAction::kGet, arena_id(obj)};
        if (obj.contains("offset")) m.offset = static_cast<int>(get_int(obj, "offset", 0, 1'000'000));
        if (obj.contains("limit")) m.limit = static_cast<int>(get_int(obj, "limit", 1, 100));
        return m;
    }
    if (type == "arena_play") {
        only_fields(obj, {"arena", "berserk"});
        ArenaPlay m{arena_id(obj)};
        if (const auto it = obj.find("berserk"); it != obj.end()) {
            if (!it->is_boolean()) throw Refusal{code::kBadRequest, "berserk must be true or false"};
            m.berserk = it->get<bool>();
        }
        return m;
    }
    if (type == "arena_watch") {
        only_fields(obj, {"game"});
        return ArenaWatch{get_game(obj)};
    }
    return std::nullopt;
}

}  // namespace pinfall::protocol::detail
