// Lane messages (docs/protocol.md "Lanes"): a snapshot of a lane and an update carrying one
// change with the lane's state after it. Lane state is small (at most eight sheets), so every
// update carries it whole. Pure functions; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/lane_game.hpp"
#include "protocol/encode.hpp"

namespace pinfall::protocol {

struct LaneInfo {
    std::string code;
    bool teams = false;
    std::vector<std::string> side_names;
    std::vector<std::vector<std::string>> members;  // names, per side
    std::optional<int> you;  // the side the receiving connection belongs to
    bool owner = false;      // whether the receiving connection owns the lane
};

// A change: a report, an undo, or a member joining.
struct LaneChange {
    enum class Kind { kReport, kUndo, kJoin };
    Kind kind = Kind::kReport;
    int side = 0;
    int pins = 0;
    bool foul = false;
    std::string name;  // kJoin
};

std::string encode_lane(Re re, const LaneInfo& info, std::uint64_t version,
                        const engine::LaneGame& game);
std::string encode_lane_update(Re re, const LaneInfo& info, std::uint64_t version,
                               const LaneChange& change, const engine::LaneGame& game);

}  // namespace pinfall::protocol
