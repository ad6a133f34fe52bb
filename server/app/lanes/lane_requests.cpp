#include "server/app/lanes/lane_requests.hpp"

#include <boost/asio/post.hpp>

#include "server/app/core/error_codes.hpp"
#include "server/app/players/player_names.hpp"

namespace pinfall::server {

namespace asio = boost::asio;
using protocol::Request;

namespace {

// Side and member names: 1-24 characters after trimming.
std::optional<std::string> lane_label(const std::string& raw) { return clean_label(raw, 1, 24); }

}  // namespace

bool LaneRequests::handle(Connection& c, const Request& r, const std::shared_ptr<Outbox>& self,
                          Received) {
    const Owner me = c.owner();
    const std::string my_name = c.player ? c.player->name : "";
    if (const auto* m = std::get_if<protocol::LaneOpen>(&r.body)) {
        lane_open(c, r, *m, self);
    } else if (const auto* j = std::get_if<protocol::LaneJoin>(&r.body)) {
        std::string name = j->name ? *j->name : my_name;
        if (name.empty()) name = "Guest";
        const auto label = lane_label(name);
        if (!label) {
            c.fail(self, r.id, code::kBadName, "names have 1-24 characters");
            return true;
        }
        with_lane(c, j->lane, r.id, self, [self, me, re = r.id, side = j->side, n = *label](
                                        const auto& room) { room->join(re, self, me, side, n); });
    } else if (const auto* w = std::get_if<protocol::LaneWatch>(&r.body)) {
        with_lane(c, w->lane, r.id, self,
                  [self, me, re = r.id](const auto& room) { room->snapshot(re, self, me); });
    } else if (const auto* rep = std::get_if<protocol::LaneReportRequest>(&r.body)) {
        with_lane(c, rep->lane, r.id, self, [self, me, re = r.id, m = *rep](const auto& room) {
            room->report(re, self, me, m.side, m.pins, m.foul);
        });
    } else if (const auto* u = std::get_if<protocol::LaneUndo>(&r.body)) {
        with_lane(c, u->lane, r.id, self,
                  [self, me, re = r.id](const auto& room) { room->undo(re, self, me); });
    } else {
        return false;
    }
    return true;
}

void LaneRequests::lane_open(Connection& c, const Request& r, const protocol::LaneOpen& m,
                             const std::shared_ptr<Outbox>& self) {
    const auto ruleset = engine::parse_lane_ruleset(m.ruleset);
    if (!ruleset) {
        return c.fail(self, r.id, code::kBadRuleset,
                    "rulesets are compact-official, compact and tenpin");
    }
    if (m.teams && m.sides.size() != 2) {
        return c.fail(self, r.id, code::kBadRequest, "a team game has exactly two sides");
    }
    storage::LaneRow row;
    row.ruleset = std::string(engine::lane_ruleset_name(*ruleset));
    row.teams = m.teams;
    if (c.guest) row.owner_guest = static_cast<std::int64_t>(*c.guest);
    if (c.player) row.owner_player = c.player->id;
    row.created_at = unix_ms(d_.clock.now());
    for (const auto& s : m.sides) {
        const auto label = lane_label(s);
        if (!label) return c.fail(self, r.id, code::kBadName, "side names have 1-24 characters");
        row.sides.push_back(*label);
    }
    std::optional<storage::LaneMemberRow> opener;
    if (m.join) {
        if (*m.join >= static_cast<int>(row.sides.size())) {
            return c.fail(self, r.id, code::kBadSide, "no side with that number on this lane");
        }
        std::string name = m.name ? *m.name : (c.player ? c.player->name : row.sides[*m.join]);
        const auto label = lane_label(name);
        if (!label) return c.fail(self, r.id, code::kBadName, "names have 1-24 characters");
        opener = storage::LaneMemberRow{*m.join, row.owner_guest, row.owner_player, *label};
    }
    if (!c.within_budget(AddressBudgets::kLaneOpen, r.id, self)) return;
    if (!c.player) d_.guests.touch(*c.guest);
    const Owner me = c.owner();
    d_.lanes.open(std::move(row), opener,
                  [conn = c.shared_from_this(), self, me, re = r.id](std::shared_ptr<LaneRoom> room,
                                                                  const storage::Status& st) {
                      if (!room) {
                          return conn->fail(self, re, code::kStorageError,
                                            "could not open the lane: " + st.message());
                      }
                      asio::post(room->executor(),
                                 [room, self, me, re] { room->snapshot(re, self, me); });
                  });
}

void LaneRequests::with_lane(Connection& c, const std::string& code, protocol::Re re,
                             const std::shared_ptr<Outbox>& self, LaneFn fn) {
    // Guessing codes: an address whose budget of codes that found no lane is spent gets no
    // lookup at all, right or wrong, until the budget refills.
    auto& budgets = c.budgets();
    if (const auto wait = budgets.retry_after_s(AddressBudgets::kLaneMiss, c.address_key())) {
        return c.fail(self, re, code::kOverBudget,
                      "too many lane codes of no lane from here; try again in " +
                          std::to_string(wait) + " s");
    }
    d_.lanes.find(code, [this, conn = c.shared_from_this(), self, fn = std::move(fn),
                         re](std::shared_ptr<LaneRoom> room, const storage::Status& st) {
        if (!room) {
            if (st.is_not_found()) {
                conn->budgets().take(AddressBudgets::kLaneMiss, conn->address_key());
                return conn->fail(self, re, code::kUnknownLane, "no lane with that code");
            }
            return conn->fail(self, re, code::kStorageError, "could not load the lane");
        }
        asio::post(room->executor(), [this, conn, room, fn, re, self] {
            // Evicted after we found it: look the lane up again, on this connection's strand.
            if (!room->evicted()) return fn(room);
            asio::post(conn->strand(), [this, conn, code = room->code(), re, self, fn] {
                with_lane(*conn, code, re, self, fn);
            });
        });
    });
}

}  // namespace pinfall::server
