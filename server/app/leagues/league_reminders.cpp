#include "server/app/leagues/league_reminders.hpp"

#include <algorithm>

#include "protocol/social.hpp"
#include "server/app/leagues/league_state.hpp"
#include "storage/leagues.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

namespace {

struct Due {
    std::string told;  // "league:round:kind"
    std::vector<NoticeDraft> drafts;
};

bool member_in(const storage::LeagueMemberRow& m, int round) {
    return !m.removed_from_round || *m.removed_from_round > round;
}

std::vector<std::optional<int>> scores_of(const LeagueState& st, storage::PlayerId player, int round) {
    std::vector<std::optional<int>> out(static_cast<std::size_t>(st.league.games_per_round));
    for (const auto& s : st.scores) {
        if (s.player == player && s.round == round && s.game >= 1 && s.game <= st.league.games_per_round) {
            out[static_cast<std::size_t>(s.game - 1)] = s.score;
        }
    }
    return out;
}

// What is due for one league at `now` (ms).
void due_of(const LeagueState& st, storage::Millis now, std::vector<Due>* out) {
    const auto& l = st.league;
    if (!l.started_at) return;
    const protocol::PlayerRef ref{l.id, l.name};
    for (int r = 1; r <= l.rounds; ++r) {
        const auto opens = unix_ms(round_opens(l, r));
        const auto closes = unix_ms(round_closes(l, r));
        const auto closed = std::find_if(st.closed.begin(), st.closed.end(),
                                         [r](const auto& c) { return c.round == r; });
        auto add = [&](const char* kind, auto fields_of) {
            Due d{std::to_string(l.id) + ":" + std::to_string(r) + ":" + kind, {}};
            for (const auto& m : st.members) {
                if (!member_in(m, r)) continue;
                d.drafts.push_back({m.player, kind, std::string(kind) + ":" + std::to_string(l.id) +
                                                        ":" + std::to_string(r), fields_of(m.player)});
            }
            out->push_back(std::move(d));
        };
        const auto closes_at = format_rfc3339_ms(closes);
        if (closed != st.closed.end()) {
            if (now < closed->closed_at + LeagueReminders::kRecentMs) {
                add("round_closed", [&](storage::PlayerId p) {
                    return protocol::notice_round_closed(ref, r, scores_of(st, p, r));
                });
            }
            continue;
        }
        if (now < opens || now >= closes) continue;
        if (now < opens + LeagueReminders::kRecentMs) {
            add("round_opened", [&](storage::PlayerId) { return protocol::notice_round(ref, r, closes_at); });
        }
        if (now >= closes - LeagueReminders::kRecentMs) {
            add("round_closing", [&](storage::PlayerId) { return protocol::notice_round(ref, r, closes_at); });
        }
    }
}

}  // namespace

void LeagueReminders::check() {
    const auto now = d_.clock.now();
    if (*busy_ || (last_ && now - *last_ < kEvery)) return;
    last_ = now;
    *busy_ = true;
    auto due = std::make_shared<std::vector<Due>>();
    auto seen = std::make_shared<std::set<std::int64_t>>();
    {
        std::lock_guard lock(mutex_);
        *seen = watched_;
    }
    d_.storage.read(
        [due, seen, ms = unix_ms(now)](storage::Store& s) {
            due->clear();
            for (const auto& league : s.leagues().running()) seen->insert(league.id);
            for (auto it = seen->begin(); it != seen->end();) {
                const auto st = load_league(s, *it);
                if (st) due_of(*st, ms, due.get());
                const bool keep = st && (!st->league.ended_at || ms < *st->league.ended_at + kRecentMs);
                it = keep ? std::next(it) : seen->erase(it);
            }
            return storage::Status::ok();
        },
        [this, due, seen, busy = busy_](const storage::Status& st) {
            std::vector<NoticeDraft> drafts;
            if (st.is_ok()) {
                std::lock_guard lock(mutex_);
                watched_ = std::move(*seen);
                for (auto& d : *due) {
                    if (!told_.insert(d.told).second) continue;
                    for (auto& n : d.drafts) drafts.push_back(std::move(n));
                }
            }
            d_.inbox.send(std::move(drafts), [busy](int) { *busy = false; });
        });
}

}  // namespace pinfall::server
