#include "protocol/lanes.hpp"

#include "protocol/encode_parts.hpp"

namespace pinfall::protocol {
namespace {

const char* phase_name(engine::LanePhase p) {
    switch (p) {
        case engine::LanePhase::kRollOff: return "rolloff";
        case engine::LanePhase::kPlay: return "play";
        case engine::LanePhase::kComplete: return "complete";
    }
    return "play";
}

void write_state(JsonWriter& w, const LaneInfo& info, std::uint64_t version,
                 const engine::LaneGame& g) {
    w.key("lane").value(info.code);
    w.key("version").value(version);
    w.key("ruleset").value(engine::lane_ruleset_name(g.ruleset()));
    w.key("teams").value(info.teams);
    w.key("you").value(info.you);
    w.key("owner").value(info.owner);
    w.key("phase").value(phase_name(g.phase()));
    w.key("sides").begin_array();
    for (std::size_t i = 0; i < info.side_names.size(); ++i) {
        w.begin_object();
        w.key("name").value(info.side_names[i]);
        w.key("members").begin_array();
        for (const auto& m : info.members[i]) w.value(m);
        w.end_array();
        w.end_object();
    }
    w.end_array();
    w.key("next");
    if (const auto side = g.next_side()) {
        w.begin_object();
        w.key("side").value(*side);
        if (const auto pos = g.next_position()) {
            w.key("frame").value(pos->frame);
            w.key("ball").value(pos->ball);
            w.key("standing").value(pos->standing);
        } else {
            w.key("standing").value(engine::lane_rack_size(g.ruleset()));
        }
        w.end_object();
    } else {
        w.null();
    }
    w.key("rolloff").begin_object();
    w.key("reports").begin_array();
    for (const auto& r : g.rolloff().reports()) {
        w.begin_object();
        w.key("side").value(r.side);
        w.key("pins").value(r.pins);
        w.end_object();
    }
    w.end_array();
    w.key("order");
    if (const auto order = g.order()) {
        w.begin_array();
        for (const int s : *order) w.value(s);
        w.end_array();
    } else {
        w.null();
    }
    w.end_object();
    w.key("sheets").begin_array();
    for (int s = 0; s < g.sides(); ++s) {
        const auto& sheet = g.sheet(s);
        w.begin_object();
        w.key("frames").begin_array();
        for (int f = 1; f <= engine::kLaneFrames; ++f) {
            w.begin_object();
            w.key("marks").value(sheet.marks(f));
            w.key("total").value(sheet.frame_total(f));
            w.end_object();
        }
        w.end_array();
        w.key("score").value(sheet.running_score());
        w.key("complete").value(sheet.complete());
        w.end_object();
    }
    w.end_array();
}

}  // namespace

std::string encode_lane(Re re, const LaneInfo& info, std::uint64_t version,
                        const engine::LaneGame& game) {
    JsonWriter w = start_message("lane", re, 1024);
    write_state(w, info, version, game);
    return w.end_object().take();
}

std::string encode_lane_update(Re re, const LaneInfo& info, std::uint64_t version,
                               const LaneChange& change, const engine::LaneGame& game) {
    JsonWriter w = start_message("lane_update", re, 1024);
    w.key("change").begin_object();
    switch (change.kind) {
        case LaneChange::Kind::kReport:
            w.key("e").value("report");
            w.key("side").value(change.side);
            w.key("pins").value(change.pins);
            w.key("foul").value(change.foul);
            break;
        case LaneChange::Kind::kUndo:
            w.key("e").value("undo");
            break;
        case LaneChange::Kind::kJoin:
            w.key("e").value("join");
            w.key("side").value(change.side);
            w.key("name").value(change.name);
            break;
    }
    w.end_object();
    write_state(w, info, version, game);
    return w.end_object().take();
}

}  // namespace pinfall::protocol
