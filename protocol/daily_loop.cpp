#include "protocol/daily_loop.hpp"

#include "protocol/encode_parts.hpp"

namespace pinfall::protocol {

namespace {

void write_standing(JsonWriter& w, const DayStanding& s) {
    w.key("rank").value(s.rank);
    w.key("total").value(s.total);
    w.key("percentile");
    write_tenths(w, s.percentile);
}

}  // namespace

void write_daily_loop(JsonWriter& w, const DailyLoop& loop) {
    w.key("streak").begin_object();
    w.key("current").value(loop.streak);
    w.key("best").value(loop.best_streak);
    w.end_object();
    w.key("played").value(loop.played);
    w.key("today");
    if (loop.today) {
        w.begin_object();
        write_standing(w, loop.today->standing);
        w.key("distribution").begin_object();
        w.key("width").value(loop.today->bin_width);
        w.key("counts").begin_array();
        for (const auto c : loop.today->counts) w.value(c);
        w.end_array().end_object();
        w.end_object();
    } else {
        w.null();
    }
    w.key("recap");
    if (loop.recap) {
        const DailyRecap& r = *loop.recap;
        w.begin_object();
        w.key("date").value(r.date);
        w.key("game").value(static_cast<std::int64_t>(r.game));
        w.key("score").value(r.score);
        write_standing(w, r.standing);
        w.key("par").value(r.par);
        w.key("par_pct");
        if (r.par_pct) {
            write_tenths(w, *r.par_pct);
        } else {
            w.null();
        }
        w.key("seed").value(r.seed);
        w.key("record").value(r.record);
        w.key("verify").value(r.verify);
        w.end_object();
    } else {
        w.null();
    }
}

}  // namespace pinfall::protocol
