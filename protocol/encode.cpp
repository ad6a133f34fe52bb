#include "protocol/encode.hpp"

#include "protocol/encode_parts.hpp"

namespace pinfall::protocol {
namespace {

using engine::Card;

template <std::size_t N>
void write_cards(JsonWriter& w, const std::array<Card, N>& cards) {
    w.begin_array();
    for (const Card c : cards) write_card(w, c);
    w.end_array();
}

void write_pins(JsonWriter& w, engine::PinMask m) {
    w.begin_array();
    for (int p = 1; p <= engine::kPinCount; ++p) {
        if (m & engine::pin_bit(p)) w.value(p);
    }
    w.end_array();
}

void write_game_ref(JsonWriter& w, const GameRef& g) {
    w.key("game").value(static_cast<std::int64_t>(g.id));
    w.key("mode").word(g.mode);
}

// Each group's pin list as JSON ("[1,2]"), written once: the legal plays are most of an
// update's text.
const std::array<std::string, engine::kGroupCount> kGroupJson = [] {
    std::array<std::string, engine::kGroupCount> t;
    for (int g = 0; g < engine::kGroupCount; ++g) {
        JsonWriter w(32);
        write_pins(w, engine::kGroups[g]);
        t[g] = w.take();
    }
    return t;
}();

void write_legal(JsonWriter& w, const engine::View& v) {
    w.key("legal").begin_array();
    for (int pile = 0; pile < engine::kPileCount; ++pile) {
        w.begin_array();
        for (engine::GroupSet s = v.legal[pile]; s; s &= s - 1) {
            w.raw_value(kGroupJson[std::countr_zero(s)]);
        }
        w.end_array();
    }
    w.end_array();
}

// `resigned`: a resigned game's sheet is never complete, even when its last ball happened to
// end frame 10 (protocol.md: the sheet of a resigned game stays incomplete).
void write_sheet(JsonWriter& w, const engine::ScoreSheet& sheet, bool resigned) {
    w.key("sheet").begin_object();
    w.key("rolls").begin_array();
    for (int i = 0; i < sheet.roll_count(); ++i) w.value(sheet.roll(i));
    w.end_array();
    w.key("frames").begin_array();
    const auto totals = sheet.frame_totals();
    for (int f = 1; f <= engine::kFrames; ++f) {
        w.begin_object();
        w.key("marks").word(sheet.marks(f));
        w.key("total").value(totals[f - 1]);
        w.end_object();
    }
    w.end_array();
    w.key("score").value(sheet.score());
    w.key("complete").value(sheet.complete() && !resigned);
    w.end_object();
}

void write_state(JsonWriter& w, const engine::View& v) {
    w.key("state").begin_object();
    w.key("ruleset").value(engine::ruleset_name(v.ruleset));
    w.key("over").value(v.over);
    w.key("resigned").value(v.resigned);
    w.key("frame").value(v.frame);
    w.key("ball").value(v.ball);
    w.key("deal").value(v.deal);
    w.key("second_ball").value(v.second_ball_on_rack);
    w.key("pins_this_ball").value(v.pins_this_ball);
    w.key("pins");
    write_cards(w, v.pins);
    w.key("piles").begin_array();
    for (const auto& pile : v.piles) {
        w.begin_object();
        w.key("up");
        write_card(w, pile.face_up);
        w.key("down").value(static_cast<int>(pile.face_down));
        w.end_object();
    }
    w.end_array();
    w.end_object();
}

void write_reveal(JsonWriter& w, const Reveal* reveal) {
    if (!reveal) return;
    w.key("reveal").begin_object();
    // Hex digits, and the record and deal texts' letters, digits, spaces and ":,|/": words.
    w.key("seed").word(engine::seed_hex(reveal->seed));
    w.key("record").word(reveal->record);
    w.key("deals").begin_array();
    for (const auto& d : reveal->deals) w.word(engine::deal_text(d));
    w.end_array();
    w.end_object();
}

std::string_view reason_name(engine::BallEndReason r) {
    switch (r) {
        case engine::BallEndReason::kStopped: return "stopped";
        case engine::BallEndReason::kNoPlay: return "no_play";
        case engine::BallEndReason::kCleared: return "cleared";
        case engine::BallEndReason::kResigned: return "resigned";
    }
    return "stopped";
}

struct EventWriter {
    JsonWriter& w;
    const engine::View& after;

    void operator()(const engine::PlayEvent& e) {
        w.key("e").word("play");
        w.key("pile").value(e.pile + 1);
        w.key("pins");
        write_pins(w, e.pins);
        w.key("ball");
        write_card(w, e.ball);
        w.key("turned");
        write_card(w, e.turned);
    }
    void operator()(const engine::BallEndEvent& e) {
        w.key("e").word("ball_end");
        w.key("frame").value(e.frame);
        w.key("ball").value(e.ball);
        w.key("roll").value(e.roll);
        w.key("reason").word(reason_name(e.reason));
        w.key("mark");
        switch (e.mark) {
            case engine::BallMark::kStrike: w.word("strike"); break;
            case engine::BallMark::kSpare: w.word("spare"); break;
            case engine::BallMark::kNone: w.null(); break;
        }
    }
    void operator()(const engine::BurnEvent& e) {
        w.key("e").word("burn");
        w.key("burned");
        write_cards(w, e.burned);
        w.key("turned");
        write_cards(w, e.turned);
    }
    void operator()(const engine::DealEvent& e) {
        w.key("e").word("deal");
        w.key("deal").value(e.deal);
        w.key("pins");
        write_cards(w, e.pins);
        w.key("up");
        write_cards(w, e.face_up);
    }
    void operator()(const engine::FrameEndEvent& e) {
        w.key("e").word("frame_end");
        w.key("frame").value(e.frame);
    }
    void operator()(const engine::UndoEvent&) { w.key("e").word("undo"); }
    void operator()(const engine::GameOverEvent& e) {
        w.key("e").word("game_over");
        w.key("score").value(static_cast<int>(e.score));
        w.key("resigned").value(e.resigned);
    }
};

}  // namespace

std::string encode_welcome(Re re, const Welcome& m) {
    JsonWriter w = start_message("welcome", re);
    w.key("version").value(m.version);
    w.key("server").value(m.server);
    w.key("time").value(m.time);
    w.key("guest").value(m.guest);
    w.key("games").begin_array();
    for (const GameId g : m.games) w.value(static_cast<std::int64_t>(g));
    w.end_array();
    return w.end_object().take();
}

std::string encode_error(Re re, std::string_view code, std::string_view message) {
    return start_error(re, code, message, 96).end_object().take();
}

std::string encode_pong(Re re) {
    JsonWriter w = start_message("pong", re, 32);
    return w.end_object().take();
}

std::string encode_snapshot(Re re, const GameRef& game, std::uint64_t version,
                            const engine::View& view, const Reveal* reveal) {
    JsonWriter w = start_message("game", re, 1024);
    write_game_ref(w, game);
    if (game.league) {
        w.key("league").begin_object();
        w.key("league").value(game.league->league);
        w.key("round").value(game.league->round);
        w.key("game").value(game.league->game);
        w.key("commitment").value(game.league->commitment);
        w.end_object();
    }
    if (game.arena) {
        w.key("arena").begin_object();
        w.key("arena").value(game.arena->arena).key("n").value(game.arena->n);
        w.key("commitment").value(game.arena->commitment).key("berserk").value(game.arena->berserk);
        w.key("deadline").value(game.arena->deadline);
        w.end_object();
    }
    w.key("version").value(version);
    write_state(w, view);
    write_sheet(w, view.sheet, view.resigned);
    write_legal(w, view);
    write_reveal(w, reveal);
    return w.end_object().take();
}

std::string encode_update(Re re, const GameRef& game, std::uint64_t first_version,
                          std::span<const engine::Event> events, const engine::View& after,
                          const Reveal* reveal) {
    JsonWriter w = start_message("update", re, 768);
    write_game_ref(w, game);
    w.key("version").value(first_version + events.size() - 1);
    bool ball_ended = false;
    w.key("events").begin_array();
    for (std::size_t i = 0; i < events.size(); ++i) {
        w.begin_object();
        w.key("v").value(first_version + i);
        std::visit(EventWriter{w, after}, events[i]);
        w.end_object();
        ball_ended |= std::holds_alternative<engine::BallEndEvent>(events[i]);
    }
    w.end_array();
    // The sheet changes only when a ball ends; plays alone leave it as it was.
    if (ball_ended) write_sheet(w, after.sheet, after.resigned);
    write_legal(w, after);
    write_reveal(w, reveal);
    return w.end_object().take();
}

}  // namespace pinfall::protocol
