// Lane changes made on any node reach the lane's watchers on every node (docs/scaling.md,
// SCALE-OUT rule 4): the transaction that stores a change (a report, an undo, a member
// joining) also announces it (Store::announce, NOTIFY on PostgreSQL), and each node's
// ClusterLink hands the notice to its LaneDirectory, which brings the lane up to date if it
// holds it in memory (LaneRoom::heard). A node ignores its own notices.
//
// The payload is one line of tab-separated fields (notice_fields.hpp), the name last:
//   node, code, version, kind (r, u or j), side, pins, foul (0/1), guest, player, name
// where guest and player are 0 when absent (ids start at 1). Encoding is pure.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/lanes.hpp"
#include "storage/lanes.hpp"

namespace pinfall::server {

inline constexpr const char* kLaneChannel = "pinfall_lane";

struct LaneNotice {
    std::string node;
    std::string code;
    std::uint64_t version = 0;  // the lane's version once the change is applied
    protocol::LaneChange change;
    storage::LaneMemberRow member;  // kJoin: who joined (side and name as in change)
};

std::string encode_lane_notice(const LaneNotice& n);
// nullopt for a payload that is not one.
std::optional<LaneNotice> decode_lane_notice(std::string_view payload);

class ClusterLink;
class LaneDirectory;

// Hands every lane notice to the directory `lanes()` returns (null until the node serves:
// nothing is in memory to update then). Call before link.start().
void listen_for_lanes(ClusterLink& link, std::function<LaneDirectory*()> lanes);

}  // namespace pinfall::server
