// ModerationRequests: ban and unban (moderators), and report (any ranked identity)
// (moderation_requests.hpp).
#include "protocol/moderation.hpp"
#include "server/app/core/error_codes.hpp"
#include "server/app/moderation/moderation_requests.hpp"

namespace pinfall::server {

namespace {

constexpr auto kReportWindow = std::chrono::hours(24);

struct BanChange {
    bool moderator = false;
    std::optional<storage::PlayerRow> player;
    bool changed = false;  // false: banned (unbanned) already, nothing written
};

enum class ReportOutcome { kReported, kUnknownGame, kOwnGame, kOverBudget };

}  // namespace

void ModerationRequests::ban(Connection& c, const protocol::Request& r,
                             const protocol::BanRequest& m, const std::shared_ptr<Outbox>& self) {
    if (!c.player) return c.fail(self, r.id, code::kForbidden, kModeratorsOnly);
    if (!m.unban && m.player == c.player->id) {
        return c.fail(self, r.id, code::kBadRequest, "a moderator cannot ban themselves");
    }
    auto out = std::make_shared<BanChange>();
    const auto now = unix_ms(d_.clock.now());
    d_.storage.write(
        [this, out, me = c.player->id, m, now](storage::Store& s) {
            out->moderator = s.moderation().is_moderator(me);
            if (!out->moderator) return storage::Status::ok();
            out->player = s.player(m.player);
            if (!out->player) return storage::Status::ok();
            auto st = m.unban ? s.integrity().unban(m.player) : s.integrity().ban(m.player, now);
            if (st.is_conflict() || st.is_not_found()) return storage::Status::ok();  // as asked already
            out->changed = st.is_ok();
            if (st.is_ok()) {
                st = s.moderation().append({0, now, me, m.unban ? "unban" : "ban",
                                            "player:" + std::to_string(m.player), m.note});
            }
            if (st.is_ok()) {
                st = d_.news.announce(s, m.player, m.unban ? ReviewChange::kUnban : ReviewChange::kBan);
            }
            return st;
        },
        [this, conn = c.shared_from_this(), self, out, m, re = r.id](const storage::Status& st) {
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not change the ban");
            if (!out->moderator) return conn->fail(self, re, code::kForbidden, kModeratorsOnly);
            if (!out->player) return conn->fail(self, re, code::kUnknownPlayer, "no player with that id");
            // The reply once this node's boards follow (a board read after it sees the change).
            auto reply = [self, re, out, banned = !m.unban] {
                self->send(make_message(
                    protocol::encode_ban(re, {out->player->id, out->player->name}, banned)));
            };
            if (!out->changed) return reply();
            d_.news.apply(m.player, m.unban ? ReviewChange::kUnban : ReviewChange::kBan, reply);
        });
}

void ModerationRequests::report(Connection& c, const protocol::Request& r,
                                const protocol::ReportRequest& m,
                                const std::shared_ptr<Outbox>& self) {
    const auto me = c.ranked_me();
    if (!me) {
        return c.fail(self, r.id, code::kLoginRequired,
                      "log in, or play a daily as a guest, to report a game");
    }
    auto out = std::make_shared<ReportOutcome>(ReportOutcome::kReported);
    const auto now = d_.clock.now();
    d_.storage.write(
        [out, me = *me, m, at = unix_ms(now), since = unix_ms(now - kReportWindow)](
            storage::Store& s) {
            const auto game = s.game(m.game);
            if (!game || !game->finished_at || !game->player ||
                game->mode == storage::GameMode::kPractice) {
                *out = ReportOutcome::kUnknownGame;
                return storage::Status::ok();
            }
            if (*game->player == me) {
                *out = ReportOutcome::kOwnGame;
                return storage::Status::ok();
            }
            if (s.integrity().reports_since(me, since) >= kReportsPerDay) {
                *out = ReportOutcome::kOverBudget;
                return storage::Status::ok();
            }
            const auto st = s.integrity().add_report(m.game, me, at, m.reason);
            return st.is_conflict() ? storage::Status::ok() : st;  // reported once is enough
        },
        [conn = c.shared_from_this(), self, out, game = m.game, re = r.id](const storage::Status& st) {
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not store the report");
            switch (*out) {
                case ReportOutcome::kUnknownGame:
                    return conn->fail(self, re, code::kUnknownGame, "no finished ranked game has that id");
                case ReportOutcome::kOwnGame:
                    return conn->fail(self, re, code::kBadRequest, "you cannot report your own game");
                case ReportOutcome::kOverBudget:
                    return conn->fail(self, re, code::kOverBudget,
                                      "at most 10 reports a day; try again tomorrow");
                case ReportOutcome::kReported: break;
            }
            self->send(make_message(protocol::encode_reported(re, game)));
        });
}

}  // namespace pinfall::server
