#include "server/app/lanes/lane_news.hpp"

#include "server/app/cluster/cluster_link.hpp"
#include "server/app/cluster/notice_fields.hpp"
#include "server/app/lanes/lane_directory.hpp"

namespace pinfall::server {
namespace {

using Kind = protocol::LaneChange::Kind;

char kind_letter(Kind k) { return k == Kind::kReport ? 'r' : k == Kind::kUndo ? 'u' : 'j'; }

std::optional<Kind> kind_of(std::string_view s) {
    if (s == "r") return Kind::kReport;
    if (s == "u") return Kind::kUndo;
    if (s == "j") return Kind::kJoin;
    return std::nullopt;
}

}  // namespace

std::string encode_lane_notice(const LaneNotice& n) {
    const auto& c = n.change;
    return notice::joined({n.node, n.code, std::to_string(n.version), std::string(1, kind_letter(c.kind)),
                           std::to_string(c.side), std::to_string(c.pins), c.foul ? "1" : "0",
                           std::to_string(n.member.guest.value_or(0)),
                           std::to_string(n.member.player.value_or(0)), c.name});
}

std::optional<LaneNotice> decode_lane_notice(std::string_view payload) {
    const auto f = notice::fields(payload, 10);
    if (f.size() != 10) return std::nullopt;
    LaneNotice n;
    n.node = std::string(f[0]);
    n.code = std::string(f[1]);
    const auto kind = kind_of(f[3]);
    int foul = 0;
    std::int64_t guest = 0;
    std::int64_t player = 0;
    if (n.code.empty() || !kind || !notice::number(f[2], &n.version) ||
        !notice::number(f[4], &n.change.side) || !notice::number(f[5], &n.change.pins) ||
        !notice::number(f[6], &foul) || foul < 0 || foul > 1 || !notice::number(f[7], &guest) ||
        !notice::number(f[8], &player)) {
        return std::nullopt;
    }
    n.change.kind = *kind;
    n.change.foul = foul == 1;
    n.change.name = std::string(f[9]);
    n.member.side = n.change.side;
    n.member.name = n.change.name;
    if (guest > 0) n.member.guest = guest;
    if (player > 0) n.member.player = player;
    return n;
}

void listen_for_lanes(ClusterLink& link, std::function<LaneDirectory*()> lanes) {
    link.on(kLaneChannel, [lanes = std::move(lanes)](const std::string& payload) {
        auto n = decode_lane_notice(payload);
        if (!n) return;
        if (LaneDirectory* d = lanes()) d->heard(std::move(*n));
    });
}

}  // namespace pinfall::server
