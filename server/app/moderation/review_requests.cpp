// ModerationRequests: the review queue and the decisions on a case (moderation_requests.hpp).
#include <algorithm>

#include "protocol/moderation.hpp"
#include "server/app/core/error_codes.hpp"
#include "server/app/integrity/review_notice.hpp"
#include "server/app/moderation/case_views.hpp"
#include "server/app/moderation/moderation_requests.hpp"

namespace pinfall::server {

namespace {

// The most open cases a queue ranks: far beyond what moderators can work through.
constexpr int kQueueRead = 5000;

struct QueueRead {
    bool moderator = false;
    std::vector<CaseRead> page;
    std::optional<std::int64_t> next_cursor;
};

// What a decision's job leaves for its completion.
struct CaseChange {
    bool moderator = false;
    storage::Status refusal;  // not_found: unknown case/game; conflict: decided already
    std::optional<CaseRead> after;
    bool changed = false;
};

storage::Status audit(storage::Store& s, storage::PlayerId me, storage::Millis now,
                      const char* action, storage::GameRowId game, const std::string& note) {
    return s.moderation().append(
        {0, now, me, action, "game:" + std::to_string(game), note});
}

}  // namespace

void ModerationRequests::review_queue(Connection& c, const protocol::Request& r,
                                      const protocol::ReviewQueueRequest& m,
                                      const std::shared_ptr<Outbox>& self) {
    if (!c.player) return c.fail(self, r.id, code::kForbidden, kModeratorsOnly);
    auto read = std::make_shared<QueueRead>();
    d_.storage.read(
        [read, me = c.player->id, m](storage::Store& s) {
            read->moderator = s.moderation().is_moderator(me);
            if (!read->moderator) return storage::Status::ok();
            std::vector<std::pair<double, CaseRead>> all;
            for (auto& row : s.integrity().open_cases(kQueueRead)) {
                auto c = read_case(s, std::move(row), false);
                all.emplace_back(case_priority(c), std::move(c));
            }
            std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) {
                return a.first != b.first ? a.first > b.first : a.second.row.game < b.second.row.game;
            });
            const auto from = static_cast<std::size_t>(m.cursor);
            for (std::size_t i = from; i < all.size() && read->page.size() < static_cast<std::size_t>(m.limit); ++i) {
                all[i].second.linked = s.integrity().linked(all[i].second.row.game);
                read->page.push_back(std::move(all[i].second));
            }
            if (from + read->page.size() < all.size()) {
                read->next_cursor = static_cast<std::int64_t>(from + read->page.size());
            }
            return storage::Status::ok();
        },
        [conn = c.shared_from_this(), self, read, re = r.id](const storage::Status& st) {
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not read the queue");
            if (!read->moderator) return conn->fail(self, re, code::kForbidden, kModeratorsOnly);
            std::vector<protocol::CaseView> cases;
            for (const auto& c : read->page) cases.push_back(view_of(c));
            self->send(make_message(protocol::encode_review_queue(re, cases, read->next_cursor)));
        });
}

void ModerationRequests::review_open(Connection& c, const protocol::Request& r,
                                     const protocol::ReviewOpen& m,
                                     const std::shared_ptr<Outbox>& self) {
    if (!c.player) return c.fail(self, r.id, code::kForbidden, kModeratorsOnly);
    auto out = std::make_shared<CaseChange>();
    const auto now = unix_ms(d_.clock.now());
    d_.storage.write(
        [this, out, me = c.player->id, m, now](storage::Store& s) {
            out->moderator = s.moderation().is_moderator(me);
            if (!out->moderator) return storage::Status::ok();
            auto st = s.integrity().open_case(m.game, "moderator", m.note, now, &out->changed);
            if (st.is_not_found()) {
                out->refusal = st;
                return storage::Status::ok();
            }
            if (st.is_ok() && out->changed) st = audit(s, me, now, "open_case", m.game, m.note);
            auto row = s.integrity().case_of(m.game);
            if (st.is_ok() && row) {
                if (!out->changed && row->state != storage::ReviewState::kReview) {
                    out->refusal = storage::Status::conflict("decided already");
                    return storage::Status::ok();
                }
                out->after = read_case(s, std::move(*row));
                if (out->changed) st = d_.news.announce(s, out->after->row.player, ReviewChange::kResults);
            }
            return st;
        },
        [this, conn = c.shared_from_this(), self, out, re = r.id](const storage::Status& st) {
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not open the case");
            if (!out->moderator) return conn->fail(self, re, code::kForbidden, kModeratorsOnly);
            if (out->refusal.is_not_found() || (out->refusal.is_ok() && !out->after)) {
                return conn->fail(self, re, code::kUnknownGame, "no finished ranked game has that id");
            }
            if (out->refusal.is_conflict()) {
                return conn->fail(self, re, code::kWrongPhase, "that result was decided already");
            }
            auto reply = [self, re, out] {
                self->send(make_message(protocol::encode_review_case(re, view_of(*out->after))));
            };
            if (!out->changed) return reply();
            d_.inbox.send(review_notice(out->after->row));
            d_.news.apply(out->after->row.player, ReviewChange::kResults, reply);
        });
}

void ModerationRequests::review_decide(Connection& c, const protocol::Request& r,
                                       const protocol::ReviewDecide& m,
                                       const std::shared_ptr<Outbox>& self) {
    if (!c.player) return c.fail(self, r.id, code::kForbidden, kModeratorsOnly);
    auto out = std::make_shared<CaseChange>();
    const auto now = unix_ms(d_.clock.now());
    const bool clear = m.decision == protocol::ReviewDecision::kClear;
    d_.storage.write(
        [this, out, me = c.player->id, m, now, clear](storage::Store& s) {
            out->moderator = s.moderation().is_moderator(me);
            if (!out->moderator) return storage::Status::ok();
            const auto to = clear ? storage::ReviewState::kCleared : storage::ReviewState::kDisqualified;
            auto st = s.integrity().decide(m.game, to, me, now, m.note);
            if (st.is_not_found() || st.is_conflict()) {
                out->refusal = st;
                return storage::Status::ok();
            }
            out->changed = st.is_ok();
            if (st.is_ok()) st = audit(s, me, now, clear ? "clear" : "disqualify", m.game, m.note);
            if (st.is_ok()) {
                if (auto row = s.integrity().case_of(m.game)) out->after = read_case(s, std::move(*row));
            }
            if (st.is_ok() && out->after) {
                st = d_.news.announce(s, out->after->row.player, ReviewChange::kResults);
            }
            return st;
        },
        [this, conn = c.shared_from_this(), self, out, re = r.id](const storage::Status& st) {
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not decide the case");
            if (!out->moderator) return conn->fail(self, re, code::kForbidden, kModeratorsOnly);
            if (out->refusal.is_conflict()) {
                return conn->fail(self, re, code::kWrongPhase,
                                  "that decision cannot follow the case's (disqualified is final)");
            }
            if (out->refusal.is_not_found() || !out->after) {
                return conn->fail(self, re, code::kUnknownCase, "no case has that id");
            }
            d_.inbox.send(review_notice(out->after->row));
            d_.news.apply(out->after->row.player, ReviewChange::kResults, [self, re, out] {
                self->send(make_message(protocol::encode_review_case(re, view_of(*out->after))));
            });
        });
}

}  // namespace pinfall::server
