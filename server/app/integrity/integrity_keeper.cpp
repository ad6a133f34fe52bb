#include "server/app/integrity/integrity_keeper.hpp"

#include <spdlog/spdlog.h>

#include <memory>
#include <optional>

#include "engine/integrity.hpp"
#include "protocol/moderation.hpp"
#include "server/app/core/calendar.hpp"
#include "server/app/integrity/review_notice.hpp"
#include "server/app/integrity/verdict.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

namespace {


std::string day_of(const std::string& day, storage::Millis finished_at) {
    if (!day.empty()) return day;
    return utc_date(SysTime(std::chrono::milliseconds(finished_at)));
}

storage::Evidence evidence_of(const storage::GameRow& row, const engine::IntegrityReport& r,
                              storage::Millis now) {
    storage::Evidence e;
    e.game = row.id;
    e.player = *row.player;
    e.ruleset = row.ruleset;
    e.finished_at = row.finished_at.value_or(0);
    e.analysed_at = now;
    e.llr = r.evidence.llr;
    e.week_llr = r.evidence.week_llr;
    e.guard_sum = r.evidence.guard_sum;
    e.guard_var = r.evidence.guard_var;
    e.deciding = r.deciding;
    e.decisions = r.decisions;
    e.tau = r.tau;
    e.z = r.z;
    e.flagged = r.flagged;
    e.drivers = protocol::encode_integrity_drivers(r.drivers);
    return e;
}

}  // namespace

bool analysed_first(const AnalysisKey& a, const AnalysisKey& b) {
    if (a.day != b.day) return a.day > b.day;
    if (a.daily != b.daily) return a.daily;
    if (a.score != b.score) return a.score > b.score;
    return a.finished_at < b.finished_at;
}

void IntegrityKeeper::game_finished(const storage::GameRow& row) {
    if (!row.player || row.mode == storage::GameMode::kPractice) return;
    const auto finished = row.finished_at.value_or(0);
    push(Item{row.id, {day_of(row.day, finished), row.mode == storage::GameMode::kDaily, row.score, finished},
              std::chrono::steady_clock::now()});
}

void IntegrityKeeper::queue_backlog(const std::vector<storage::PendingGame>& games) {
    const auto now = std::chrono::steady_clock::now();
    for (const auto& g : games) {
        push(Item{g.game, {day_of(g.day, g.finished_at), !g.day.empty(), g.score, g.finished_at}, now});
    }
}

std::size_t IntegrityKeeper::pending() const {
    std::lock_guard lock(mutex_);
    return queue_.size() + (running_ ? 1 : 0);
}

void IntegrityKeeper::push(Item item) {
    {
        std::lock_guard lock(mutex_);
        queue_.push(std::move(item));
        d_.metrics.integrity_pending.store(static_cast<std::int64_t>(queue_.size()) + running_);
    }
    next();
}

void IntegrityKeeper::next() {
    Item item;
    {
        std::lock_guard lock(mutex_);
        if (running_ || stopped_ || queue_.empty()) return;
        item = queue_.top();
        queue_.pop();
        running_ = true;
    }
    analyse(item);
}

void IntegrityKeeper::analyse(const Item& item) {
    auto row = std::make_shared<std::optional<storage::GameRow>>();
    d_.storage.read(
        [row, game = item.game](storage::Store& s) {
            if (s.integrity().evidence(game)) return storage::Status::ok();  // done already
            *row = s.game(game);
            return storage::Status::ok();
        },
        [this, row, item](const storage::Status& st) {
            if (!st.is_ok() || !*row || !(*row)->finished_at || !(*row)->player) {
                if (!st.is_ok()) spdlog::warn("integrity: game {}: {}", item.game, st.message());
                return done(item, false);
            }
            const bool queued = d_.pool.submit(
                [this, row, item] {
                    // One analyzer per pool thread: it holds a coach of tens of MB.
                    thread_local engine::IntegrityAnalyzer analyzer;
                    const storage::GameRow& g = **row;
                    const auto report =
                        analyzer.analyze(engine::Record{g.ruleset, g.seed, g.actions});
                    if (!report) {
                        spdlog::warn("integrity: game {} does not replay", g.id);
                        return done(item, false);
                    }
                    if (report->flagged) d_.metrics.integrity_flagged.fetch_add(1);
                    const auto now = unix_ms(d_.clock.now());
                    auto changed = std::make_shared<bool>(false);
                    auto told = std::make_shared<std::vector<NoticeDraft>>();
                    d_.storage.write(
                        [e = evidence_of(g, *report, now), now, changed, told,
                         this](storage::Store& s) {
                            *changed = false;
                            told->clear();
                            std::vector<storage::GameRowId> opened;
                            auto st = store_verdict(s, e, now, changed.get(), &opened);
                            if (st.is_ok() && *changed) {
                                st = d_.news.announce(s, e.player, ReviewChange::kResults);
                            }
                            for (const auto game : opened) {
                                if (auto c = s.integrity().case_of(game)) told->push_back(review_notice(*c));
                            }
                            return st;
                        },
                        [this, item, changed, told, player = *g.player](const storage::Status& st) {
                            if (!st.is_ok()) {
                                spdlog::warn("integrity: storing game {}: {}", item.game,
                                             st.message());
                            } else if (*changed) {
                                d_.news.apply(player, ReviewChange::kResults);
                                d_.inbox.send(std::move(*told));
                            }
                            done(item, st.is_ok());
                        });
                },
                false);
            if (!queued) {  // the pool is stopping: what waits is analysed after the restart
                std::lock_guard lock(mutex_);
                stopped_ = true;
                running_ = false;
            }
        });
}

void IntegrityKeeper::done(const Item& item, bool analysed) {
    if (analysed) {
        d_.metrics.integrity_analysed.fetch_add(1);
        d_.metrics.observe_integrity_lag(std::chrono::steady_clock::now() - item.queued_at);
    }
    {
        std::lock_guard lock(mutex_);
        running_ = false;
        d_.metrics.integrity_pending.store(static_cast<std::int64_t>(queue_.size()));
    }
    next();
}

}  // namespace pinfall::server
