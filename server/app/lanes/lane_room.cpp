#include "server/app/lanes/lane_room.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>

namespace pinfall::server {
namespace {

std::optional<engine::LaneGame> replay(const storage::LaneRow& row) {
    const auto ruleset = engine::parse_lane_ruleset(row.ruleset);
    const int sides = static_cast<int>(row.sides.size());
    if (!ruleset || sides < 1 || sides > engine::kMaxLaneSides) return std::nullopt;
    engine::LaneGame game(*ruleset, sides);
    for (const auto& r : row.reports) {
        if (game.report(r.side, r.pins, r.foul)) return std::nullopt;
    }
    return game;
}

}  // namespace

std::shared_ptr<LaneRoom> LaneRoom::restore(Strand strand,
                                            const storage::LaneRow& row, RoomContext& ctx,
                                            std::string node) {
    auto game = replay(row);
    if (!game) return nullptr;
    return std::make_shared<LaneRoom>(std::move(strand), row, std::move(*game), ctx,
                                      std::move(node));
}

LaneRoom::LaneRoom(Strand strand, const storage::LaneRow& row,
                   engine::LaneGame game, RoomContext& ctx, std::string node)
    : strand_(std::move(strand)),
      id_(row.id),
      code_(row.code),
      teams_(row.teams),
      owner_(Owner{static_cast<GuestId>(row.owner_guest.value_or(0)), row.owner_player}),
      side_names_(row.sides),
      members_(row.members),
      game_(std::move(game)),
      version_(row.version),
      ctx_(ctx),
      node_(std::move(node)),
      last_active_(std::chrono::steady_clock::now().time_since_epoch().count()) {}

bool LaneRoom::load(const storage::LaneRow& row) {
    auto game = replay(row);
    if (!game) return false;
    game_ = std::move(*game);
    members_ = row.members;
    version_ = row.version;
    return true;
}

bool LaneRoom::is_owner(const Owner& who) const {
    return owner_.player ? owner_.player == who.player : (owner_.guest && owner_.guest == who.guest);
}

std::optional<int> LaneRoom::side_of(const Owner& who) const {
    for (const auto& m : members_) {
        const bool same = m.player ? m.player == who.player
                                   : (m.guest && static_cast<GuestId>(*m.guest) == who.guest);
        if (same) return m.side;
    }
    return std::nullopt;
}

protocol::LaneInfo LaneRoom::info_for(const Owner& who) const {
    protocol::LaneInfo info;
    info.code = code_;
    info.teams = teams_;
    info.side_names = side_names_;
    info.members.resize(side_names_.size());
    for (const auto& m : members_) info.members[m.side].push_back(m.name);
    info.you = side_of(who);
    info.owner = is_owner(who);
    return info;
}

bool LaneRoom::evict_if_idle(std::chrono::steady_clock::time_point cutoff) {
    std::erase_if(watchers_, [](const Watcher& w) { return w.outbox.expired(); });
    if (evicted_ || inflight_ || !queued_.empty() || !watchers_.empty() ||
        last_active() >= cutoff) {
        return false;
    }
    evicted_ = true;
    return true;
}

void LaneRoom::watch(const std::shared_ptr<Outbox>& to, const Owner& who) {
    last_active_.store(std::chrono::steady_clock::now().time_since_epoch().count(),
                       std::memory_order_relaxed);
    std::erase_if(watchers_, [](const Watcher& w) { return w.outbox.expired(); });
    for (auto& w : watchers_) {
        if (w.outbox.lock() == to) {
            w.who = who;
            return;
        }
    }
    watchers_.push_back(Watcher{to, who});
}

void LaneRoom::fail(protocol::Re re, const std::shared_ptr<Outbox>& to, std::string_view code,
                    std::string_view message) {
    ctx_.metrics.reject(code);
    to->send(make_message(protocol::encode_error(re, code, message)));
}

void LaneRoom::snapshot(protocol::Re re, const std::shared_ptr<Outbox>& to, const Owner& who) {
    run([this, re, to, who] { do_snapshot(re, to, who); });
}

void LaneRoom::join(protocol::Re re, const std::shared_ptr<Outbox>& to, const Owner& who,
                    int side, const std::string& name) {
    run([this, re, to, who, side, name] { do_join(re, to, who, side, name); });
}

void LaneRoom::report(protocol::Re re, const std::shared_ptr<Outbox>& to, const Owner& who,
                      int side, int pins, bool foul) {
    run([this, re, to, who, side, pins, foul] { do_report(re, to, who, side, pins, foul); });
}

void LaneRoom::undo(protocol::Re re, const std::shared_ptr<Outbox>& to, const Owner& who) {
    run([this, re, to, who] { do_undo(re, to, who); });
}

void LaneRoom::do_snapshot(protocol::Re re, const std::shared_ptr<Outbox>& to, const Owner& who) {
    watch(to, who);
    to->send(make_message(protocol::encode_lane(re, info_for(who), version_, game_)));
}

void LaneRoom::do_join(protocol::Re re, const std::shared_ptr<Outbox>& to, const Owner& who,
                       int side, const std::string& name) {
    watch(to, who);
    if (broken()) return fail(re, to, "storage_error", "the lane could not be saved; reload it");
    if (side < 0 || side >= static_cast<int>(side_names_.size())) {
        return fail(re, to, "bad_side", "no side with that number on this lane");
    }
    if (const auto mine = side_of(who)) {
        if (*mine == side) return do_snapshot(re, to, who);
        return refuse(re, to, "already_joined", "you already play on another side of this lane");
    }
    storage::LaneMemberRow m{side, who.guest ? std::optional<std::int64_t>(who.guest) : std::nullopt,
                             who.player, name};
    members_.push_back(m);
    protocol::LaneChange change{protocol::LaneChange::Kind::kJoin, side, 0, false, name};
    commit(re, to, change, m, [id = id_, m](storage::Store& s) {
        return s.lanes().add_member(id, m);
    });
}

void LaneRoom::do_report(protocol::Re re, const std::shared_ptr<Outbox>& to, const Owner& who,
                         int side, int pins, bool foul) {
    watch(to, who);
    if (broken()) return fail(re, to, "storage_error", "the lane could not be saved; reload it");
    if (!is_owner(who) && side_of(who) != side) {
        return refuse(re, to, "not_your_side",
                    "only a member of that side or the lane's owner may report for it");
    }
    if (const auto err = game_.report(side, pins, foul)) {
        return refuse(re, to, std::string(engine::error_code_name(err->code)),
                      std::string(err->message));
    }
    const int index = static_cast<int>(game_.reports().size()) - 1;
    const bool complete = game_.phase() == engine::LanePhase::kComplete;
    std::vector<int> scores;
    if (complete) {
        for (int s = 0; s < game_.sides(); ++s) scores.push_back(game_.sheet(s).running_score());
    }
    const auto at = unix_ms(ctx_.clock.now());
    protocol::LaneChange change{protocol::LaneChange::Kind::kReport, side, foul ? 0 : pins, foul,
                                ""};
    commit(re, to, change, {},
           [id = id_, index, side, pins, foul, scores, complete, at](storage::Store& s) {
               auto st = s.lanes().append_report(id, index, {side, foul ? 0 : pins, foul});
               if (st.is_ok() && complete) st = s.lanes().finish(id, scores, at);
               return st;
           });
}

void LaneRoom::do_undo(protocol::Re re, const std::shared_ptr<Outbox>& to, const Owner& who) {
    watch(to, who);
    if (broken()) return fail(re, to, "storage_error", "the lane could not be saved; reload it");
    if (!is_owner(who)) return fail(re, to, "not_owner", "only the lane's owner may undo");
    if (game_.phase() == engine::LanePhase::kComplete) {
        return refuse(re, to, "game_complete", "the game is complete; it can no longer be undone");
    }
    const int index = static_cast<int>(game_.reports().size()) - 1;
    if (!game_.undo()) return refuse(re, to, "nothing_to_undo", "no report to take back");
    protocol::LaneChange change{protocol::LaneChange::Kind::kUndo, 0, 0, false, ""};
    commit(re, to, change, {}, [id = id_, index](storage::Store& s) {
        return s.lanes().remove_report(id, index);
    });
}

}  // namespace pinfall::server
