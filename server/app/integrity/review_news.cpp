#include "server/app/integrity/review_news.hpp"

#include <spdlog/spdlog.h>

#include <memory>

#include "server/app/cluster/notice_fields.hpp"
#include "storage/store.hpp"

namespace pinfall::server {
using notice::fields;
using notice::joined;
using notice::number;

namespace {

const char* change_name(ReviewChange c) {
    switch (c) {
        case ReviewChange::kResults: return "results";
        case ReviewChange::kBan: return "ban";
        case ReviewChange::kUnban: return "unban";
    }
    return "results";
}

// What apply() reads of a player.
struct PlayerStanding {
    std::vector<storage::DailyResult> results;
    bool banned = false;
    std::optional<std::int64_t> guest;
};

}  // namespace

std::string encode_review(const ReviewNotice& n) {
    return joined({n.node, std::to_string(n.player), change_name(n.change)});
}

std::optional<ReviewNotice> decode_review(std::string_view payload) {
    const auto f = fields(payload);
    ReviewNotice n;
    if (f.size() != 3 || !number(f[1], &n.player) || n.player <= 0) return std::nullopt;
    n.node = std::string(f[0]);
    if (f[2] == "results") {
        n.change = ReviewChange::kResults;
    } else if (f[2] == "ban") {
        n.change = ReviewChange::kBan;
    } else if (f[2] == "unban") {
        n.change = ReviewChange::kUnban;
    } else {
        return std::nullopt;
    }
    return n;
}

storage::Status ReviewNews::announce(storage::Store& s, std::int64_t player,
                                     ReviewChange change) const {
    return s.announce(kReviewChannel, encode_review(ReviewNotice{d_.node, player, change}));
}

void ReviewNews::apply(std::int64_t player, ReviewChange change, std::function<void()> then) {
    auto read = std::make_shared<PlayerStanding>();
    d_.storage.read(
        [read, player](storage::Store& s) {
            read->results = s.daily_results_of(player);
            read->banned = s.integrity().banned_at(player).has_value();
            read->guest = s.integrity().guest_of(player);
            return storage::Status::ok();
        },
        [this, read, player, change, then = std::move(then)](const storage::Status& st) {
            if (!st.is_ok()) {
                spdlog::warn("review: reading player {}: {}", player, st.message());
                if (then) then();
                return;
            }
            d_.boards.replace_player(player, std::move(read->results), read->banned);
            if (read->banned) {
                d_.bans.ban(player, read->guest);
            } else {
                d_.bans.unban(player, read->guest);
            }
            if (d_.changed) d_.changed(player);
            if (then) then();
            if (!read->banned || change != ReviewChange::kBan) return;
            auto closing = d_.ownership.connections_of(player);
            if (read->guest) {
                for (auto& c : d_.ownership.connections_of(guest_key(static_cast<std::uint64_t>(*read->guest)))) {
                    closing.push_back(std::move(c));
                }
            }
            spdlog::info("review: player {} banned: closing {} connections", player,
                         closing.size());
            for (const auto& c : closing) c->close_banned();
        });
}

void ReviewNews::load_bans(storage::Store& s, BanList& bans, Leaderboards& boards) {
    for (const auto& [ban, guest] : s.integrity().bans()) {
        bans.ban(ban.player, guest);
        boards.replace_player(ban.player, {}, true);
    }
}

void ReviewNews::on_notice(const std::string& payload) {
    const auto n = decode_review(payload);
    if (!n || n->node == d_.node) return;  // its own: applied when it committed
    apply(n->player, n->change);
}

}  // namespace pinfall::server
