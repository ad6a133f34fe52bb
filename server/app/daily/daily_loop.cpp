#include "server/app/daily/daily_loop.hpp"

#include "engine/record.hpp"
#include "server/app/players/profile_stats.hpp"

namespace pinfall::server {

namespace {

protocol::DayStanding standing_of(const DaySummary& s) {
    protocol::DayStanding out;
    out.rank = s.me->rank;
    out.total = s.total;
    out.percentile = s.total ? 100.0 * static_cast<double>(s.at_or_below) / s.total : 0.0;
    return out;
}

}  // namespace

DailyLoopRows read_daily_loop(storage::Store& st, storage::PlayerId me,
                              const std::string& revealed_day) {
    DailyLoopRows rows;
    rows.games = st.games_of(me);
    rows.revealed = st.daily_attempt(me, revealed_day);
    return rows;
}

void fill_daily_loop(Leaderboards& boards, std::shared_ptr<DailyLoopRows> rows,
                     storage::PlayerId me, std::shared_ptr<protocol::DailyStatus> status,
                     std::function<void()> done) {
    protocol::DailyLoop loop;
    std::vector<std::string> days;
    for (const auto& g : rows->games) {
        if (g.mode == storage::GameMode::kDaily) days.push_back(g.day);
    }
    loop.played = static_cast<int>(days.size());
    daily_streaks(std::move(days), status->date, &loop.streak, &loop.best_streak);
    status->loop = std::move(loop);
    const bool finished_today = status->status == "finished";
    // Today's board first, then the revealed day's: both answered on the boards' strand, so
    // the second summary is asked for from inside the first's answer.
    boards.summary(
        finished_today ? status->date : std::string(), me,
        [&boards, rows, me, status, done = std::move(done),
         finished_today](DaySummary today) mutable {
            if (finished_today && today.me) {
                protocol::DailyToday t;
                t.standing = standing_of(today);
                t.bin_width = kSummaryBinWidth;
                t.counts = std::move(today.bins);
                status->loop->today = std::move(t);
            }
            const auto& g = rows->revealed;
            if (!g || !g->finished_at || !status->revealed_date) return done();
            boards.summary(*status->revealed_date, me, [rows, status, done](DaySummary day) {
                const auto& g = *rows->revealed;
                if (!day.me) return done();
                protocol::DailyRecap r;
                r.date = *status->revealed_date;
                r.game = g.id;
                r.score = g.score;
                r.standing = standing_of(day);
                r.par = status->revealed_par ? status->revealed_par : g.par;
                if (r.par && *r.par > 0) r.par_pct = 100.0 * g.score / *r.par;
                r.seed = status->revealed_seed.value_or("");
                r.record = engine::record_text(engine::Record{g.ruleset, g.seed, g.actions});
                r.verify = "/api/games/" + std::to_string(g.id) + "/verify";
                status->loop->recap = std::move(r);
                done();
            });
        });
}

}  // namespace pinfall::server
