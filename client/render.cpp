#include "client/render.hpp"

#include <array>
#include <sstream>

#include "client/text.hpp"

namespace pinfall::cli {

namespace {

// Drops trailing spaces from every line, so the blocks compare exactly in tests.
std::string trim_lines(const std::string& text) {
    std::string out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const auto last = line.find_last_not_of(' ');
        out += line.substr(0, last == std::string::npos ? 0 : last + 1);
        out += '\n';
    }
    return out;
}

std::string pin_cell(const Table& t, int pin) {
    const std::string& card = t.pins[static_cast<std::size_t>(pin - 1)];
    return pad_left(std::to_string(pin), 2) + " " +
           (card.empty() ? std::string("  .  ") : "[" + pad_right(card, 3) + "]");
}

std::string join_pins(const PinList& pins) {
    std::string s;
    for (int p : pins) s += (s.empty() ? "" : " ") + std::to_string(p);
    return s;
}

// The marks of a frame spread over its boxes; frames 1-9 put a strike in the right box.
std::array<char, 3> frame_boxes(const std::string& marks, bool tenth) {
    std::array<char, 3> boxes = {' ', ' ', ' '};
    if (!tenth && marks == "X") {
        boxes[1] = 'X';
        return boxes;
    }
    for (std::size_t i = 0; i < marks.size() && i < 3; ++i) boxes[i] = marks[i];
    return boxes;
}

}  // namespace

std::string render_status(const Table& t) {
    std::string s = "Game " + std::to_string(t.game) + " (" + t.mode + ", " + t.ruleset + "): ";
    if (t.over) return s + (t.resigned ? "resigned" : "game over") + "\n";
    s += "frame " + std::to_string(t.frame) + ", ball " + std::to_string(t.ball);
    if (t.pins_this_ball > 0) {
        s += ", " + std::to_string(t.pins_this_ball) + " pin" + (t.pins_this_ball == 1 ? "" : "s") +
             " down this ball";
    }
    return s + "\n";
}

std::string render_triangle(const Table& t) {
    static constexpr std::array<std::array<int, 4>, 4> kRows = {
        {{7, 8, 9, 10}, {4, 5, 6, 0}, {2, 3, 0, 0}, {1, 0, 0, 0}}};
    std::string out;
    for (std::size_t r = 0; r < kRows.size(); ++r) {
        std::string line(r * 5, ' ');
        for (int pin : kRows[r]) {
            if (pin != 0) line += pin_cell(t, pin) + "  ";
        }
        out += line + "\n";
    }
    return trim_lines(out);
}

std::string render_piles(const Table& t) {
    std::string line = "Piles";
    for (std::size_t p = 0; p < t.piles.size(); ++p) {
        const PileState& pile = t.piles[p];
        line += "   " + std::to_string(p + 1) + ": ";
        if (pile.up.empty()) {
            line += "--  empty";
        } else {
            line += pad_right(pile.up, 3) + " " +
                    (pile.down > 0 ? "+" + std::to_string(pile.down) + " down" : "last card");
        }
    }
    return line + "\n";
}

std::string render_sheet(const Table& t) {
    std::string rule = "+", numbers = "|", marks = "|", totals = "|";
    for (std::size_t f = 0; f < t.frames.size(); ++f) {
        const bool tenth = f == 9;
        const std::size_t width = tenth ? 7 : 5;
        rule += std::string(width, '-') + "+";
        const std::string number = std::to_string(f + 1);
        numbers += pad_right(pad_left(number, (width + number.size()) / 2), width) + "|";
        const auto boxes = frame_boxes(t.frames[f].marks, tenth);
        std::string cell = std::string(" ") + boxes[0] + " " + boxes[1] + " ";
        if (tenth) cell += std::string(1, boxes[2]) + " ";
        marks += cell + "|";
        const auto& total = t.frames[f].total;
        totals += " " + pad_left(total ? std::to_string(*total) : "", width - 2) + " |";
    }
    return trim_lines(rule + "\n" + numbers + "\n" + marks + "\n" + totals + "\n" + rule + "\n" +
                      "Score " + std::to_string(t.score) + "\n");
}

std::string render_legal(const Table& t) {
    const auto plays = numbered_plays(t);
    if (plays.empty()) return t.over ? "" : "No legal play: type s to stop.\n";
    std::string out = "Legal plays (type the number, or the pile and pins):\n";
    std::string line;
    for (std::size_t i = 0; i < plays.size(); ++i) {
        // Built with += : g++ 12 warns falsely (-Warray-bounds) on the + chain.
        std::string cell = pad_left(std::to_string(i + 1), 4);
        cell += ") ";
        cell += std::to_string(plays[i].pile);
        cell += ": ";
        cell += join_pins(plays[i].pins);
        line += pad_right(std::move(cell), 17);
        if (i % 4 == 3 || i + 1 == plays.size()) {
            out += line + "\n";
            line.clear();
        }
    }
    return trim_lines(out);
}

std::string render_table(const Table& t) {
    std::string out = render_status(t) + "\n" + render_triangle(t) + "\n" + render_piles(t) + "\n" +
                      render_sheet(t);
    const std::string legal = render_legal(t);
    if (!legal.empty()) out += "\n" + legal;
    return out;
}

std::string describe_event(const Json& e) {
    const auto card = [](const Json& c) {
        return c.is_null() ? std::string("-") : c.get<std::string>();
    };
    try {
        const std::string kind = e.at("e").get<std::string>();
        if (kind == "play") {
            const std::string pile = std::to_string(e.at("pile").get<int>());
            std::string s = "Pile " + pile + " (" + card(e.at("ball")) + ") knocks down " +
                            join_pins(e.at("pins").get<PinList>()) + "; ";
            const Json& turned = e.at("turned");
            return s + (turned.is_null() ? "pile " + pile + " is now empty."
                                         : card(turned) + " turned up.");
        }
        if (kind == "ball_end") {
            const int roll = e.at("roll").get<int>();
            const std::string reason = e.at("reason").get<std::string>();
            std::string s = "Frame " + std::to_string(e.at("frame").get<int>()) + ", ball " +
                            std::to_string(e.at("ball").get<int>()) + ": " + std::to_string(roll) +
                            " pin" + (roll == 1 ? "" : "s");
            if (reason == "stopped") s += ", you stopped.";
            if (reason == "no_play") s += ", no legal play left.";
            if (reason == "cleared") s += ", all pins down.";
            if (reason == "resigned") s += ", resigned.";
            const Json& mark = e.at("mark");
            if (mark == "strike") s += " STRIKE!";
            if (mark == "spare") s += " SPARE!";
            return s;
        }
        if (kind == "burn") {
            std::string burned, turned;
            for (const Json& c : e.at("burned")) burned += " " + card(c);
            for (const Json& c : e.at("turned")) turned += " " + card(c);
            return "Next ball: burned" + burned + "; turned up" + turned + ".";
        }
        if (kind == "deal")
            return "A fresh rack (deal " + std::to_string(e.at("deal").get<int>()) + ").";
        if (kind == "frame_end")
            return "Frame " + std::to_string(e.at("frame").get<int>()) + " complete.";
        if (kind == "game_over") {
            return "Game over: score " + std::to_string(e.at("score").get<int>()) +
                   (e.at("resigned").get<bool>() ? " (resigned)." : ".");
        }
        return "(" + kind + ")";
    } catch (const std::exception&) {
        return "(an event this client cannot read)";
    }
}

}  // namespace pinfall::cli
