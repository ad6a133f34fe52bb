#include "protocol/analysis.hpp"

#include "protocol/encode_parts.hpp"

namespace pinfall::protocol {
std::string encode_hint(Re re, const HintReply& m) {
    JsonWriter w = start_message("hint", re, 1024);
    w.key("game").value(static_cast<std::int64_t>(m.game));
    w.key("plays").begin_array();
    for (const auto& p : m.plays) {
        w.begin_object();
        w.key("action").value(p.action);
        w.key("expected");
        write_tenths(w, p.expected);
        w.end_object();
    }
    w.end_array();
    return w.end_object().take();
}

std::string encode_review(Re re, const ReviewReply& m) {
    JsonWriter w = start_message("review", re, 1024);
    w.key("game").value(static_cast<std::int64_t>(m.game));
    w.key("ruleset").value(m.ruleset);
    w.key("score").value(m.score);
    w.key("par").value(m.par);
    w.key("par_line").value(m.par_line);
    w.key("summary").begin_object();
    w.key("cost");
    write_tenths(w, m.cost);
    w.key("score").value(m.score);
    w.key("luck");
    write_tenths(w, m.luck);
    w.key("start");
    write_tenths(w, m.start);
    w.key("engine").value(m.engine);
    w.key("par").value(m.par);
    w.end_object();
    w.key("moves").begin_array();
    for (const auto& d : m.moves) {
        w.begin_object();
        w.key("index").value(d.index);
        w.key("frame").value(d.frame);
        w.key("ball").value(d.ball);
        w.key("played").value(d.played);
        w.key("best").value(d.best);
        w.key("expected");
        write_tenths(w, d.expected_played);
        w.key("expected_best");
        write_tenths(w, d.expected_best);
        w.key("loss");
        write_tenths(w, d.loss);
        w.key("mark").value(d.mark);
        w.end_object();
    }
    w.end_array();
    return w.end_object().take();
}

}  // namespace pinfall::protocol
