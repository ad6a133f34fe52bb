#include "server/app/boards/result_news.hpp"

#include "server/app/boards/leaderboards.hpp"
#include "server/app/cluster/cluster_link.hpp"
#include "server/app/cluster/notice_fields.hpp"
#include "storage/store.hpp"

namespace pinfall::server {
using notice::fields;
using notice::joined;
using notice::number;

std::string encode_result(const ResultNotice& n) {
    const BoardLine& l = n.line;
    return joined({n.node, n.day, std::to_string(l.game), std::to_string(l.player),
                   std::to_string(l.score), std::to_string(l.strikes), std::to_string(l.spares),
                   std::to_string(l.finished_at), l.name});
}

std::string encode_rename(const RenameNotice& n) {
    return joined({n.node, std::to_string(n.player), n.name});
}

std::optional<ResultNotice> decode_result(std::string_view payload) {
    const auto f = fields(payload);
    if (f.size() != 9) return std::nullopt;
    ResultNotice n{std::string(f[0]), std::string(f[1]), {}};
    BoardLine& l = n.line;
    if (!number(f[2], &l.game) || !number(f[3], &l.player) || !number(f[4], &l.score) ||
        !number(f[5], &l.strikes) || !number(f[6], &l.spares) || !number(f[7], &l.finished_at) ||
        n.day.empty() || f[8].empty()) {
        return std::nullopt;
    }
    l.name = std::string(f[8]);
    return n;
}

std::optional<RenameNotice> decode_rename(std::string_view payload) {
    const auto f = fields(payload);
    RenameNotice n;
    if (f.size() != 3 || !number(f[1], &n.player) || f[2].empty()) return std::nullopt;
    n.node = std::string(f[0]);
    n.name = std::string(f[2]);
    return n;
}

storage::Status announce_result(storage::Store& s, const std::string& node,
                                const storage::GameRow& row, const std::string& player_name) {
    if (row.mode != storage::GameMode::kDaily || !row.player) return storage::Status::ok();
    const BoardLine line{row.id,     *row.player, player_name,
                         row.score,  row.strikes, row.spares,
                         row.finished_at.value_or(0)};
    return s.announce(kResultChannel, encode_result(ResultNotice{node, row.day, line}));
}

void listen_for_results(ClusterLink& link, Leaderboards& boards) {
    link.on(kResultChannel, [&boards](const std::string& payload) {
        if (auto n = decode_result(payload)) boards.add(std::move(n->line), std::move(n->day));
    });
    link.on(kRenameChannel, [&boards](const std::string& payload) {
        if (auto n = decode_rename(payload)) boards.rename(n->player, std::move(n->name));
    });
}

}  // namespace pinfall::server
