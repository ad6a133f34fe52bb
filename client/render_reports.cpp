// The end-of-game summary and the reports of `leaderboard` and `verify` (see render.hpp).
#include <algorithm>
#include <cstdio>

#include "client/render.hpp"
#include "client/text.hpp"
#include "engine/par.hpp"

namespace pinfall::cli {

namespace {

std::string plural(int n, const char* word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

int count_marks(const Table& t, char mark) {
    int n = 0;
    for (const auto& f : t.frames)
        n += static_cast<int>(std::count(f.marks.begin(), f.marks.end(), mark));
    return n;
}

std::string text_or(const Json& j, const char* key, const char* fallback) {
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}

std::string number(const Json& j, const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? std::to_string(it->get<long long>()) : "-";
}

// "Par: ..." for a revealed game: its deals are public, so the client solves them itself
// (under a millisecond, the same engine as the server's stored par); "" when the seed or the
// ruleset cannot be read.
std::string par_lines(const Table& t) {
    const auto seed = engine::parse_seed_hex(t.reveal->seed);
    const auto ruleset = engine::parse_ruleset(t.ruleset);
    if (!seed || !ruleset) return "";
    const int par = engine::solve_par(*ruleset, *seed).par;
    std::string out = "Par:    " + std::to_string(par) + " (the best score with every card known)";
    if (par > 0) {
        char pct[32];
        std::snprintf(pct, sizeof pct, "%.1f", 100.0 * t.score / par);
        out += std::string("; you made ") + pct + "% of it";
    }
    return out + ".\n`pinfall review " + std::to_string(t.game) +
           "` judges each of your decisions with the coach.\n";
}

}  // namespace

std::string share_line(const Table& t, std::string_view date) {
    std::string marks;
    for (const auto& f : t.frames) {
        if (!f.marks.empty()) marks += " " + f.marks;
    }
    if (t.resigned) marks += " (resigned)";
    return "Pinfall " + std::string(date) + " " + t.ruleset + ":" + marks + " = " +
           std::to_string(t.score) + "\n";
}

std::string render_game_over(const Table& t, std::string_view date) {
    std::string out = "Final score: " + std::to_string(t.score);
    if (t.resigned) {
        out += " (resigned: frames not bowled score 0)";
    } else if (t.score == 300) {
        out += " - a perfect game!";
    } else {
        out += " (" + plural(count_marks(t, 'X'), "strike") + ", " +
               plural(count_marks(t, '/'), "spare") + ")";
    }
    out += "\nShare: " + share_line(t, date);
    if (t.reveal) {
        out += "Seed:   " + t.reveal->seed + "\nRecord: " + t.reveal->record + "\nDeals:\n";
        for (std::size_t k = 0; k < t.reveal->deals.size(); ++k) {
            out += pad_left(std::to_string(k), 4) + "  " + t.reveal->deals[k] + "\n";
        }
        out += "Check: `pinfall deal SEED K` prints deal K; `pinfall verify " +
               std::to_string(t.game) + "` replays the record.\n";
        out += par_lines(t);
    } else if (t.mode == "daily") {
        out +=
            "The seed and record of a daily game are public at the day's reveal;\n"
            "then `pinfall verify " +
            std::to_string(t.game) + "` replays the record.\n";
    } else if (t.mode == "arena") {
        out += "The seed and record of an arena game are public when the arena ends;\n"
               "then `pinfall verify " +
               std::to_string(t.game) + "` replays the record.\n";
    }
    return out;
}

std::string render_leaderboard(const Json& board) {
    const std::string kind = text_or(board, "board", "daily");
    const bool average = kind == "best_average";
    std::string out;
    if (kind == "daily") {
        out = "Daily leaderboard " + text_or(board, "date", "?");
    } else {
        out = average ? "Best averages (last 30 days)" : "Best games";
    }
    const long long total = board.value("total", 0LL);
    out += " (" + text_or(board, "ruleset", "sackson") + "): " + std::to_string(total) +
           (total == 1 ? " player\n" : " players\n");
    const Json entries = board.value("entries", Json::array());
    if (entries.empty()) return out + "No one is on this board yet.\n";

    const auto row = [average](const Json& e) {
        std::string name = e.contains("player") ? text_or(e["player"], "name", "?") : "?";
        std::string line = pad_left(number(e, "rank"), 4);  // += : see render_legal
        line += "  ";
        line += pad_right(name, 24);
        if (average)
            return line + pad_left(number(e, "average"), 8) + pad_left(number(e, "games"), 7) +
                   "\n";
        return line + pad_left(number(e, "score"), 6) + pad_left(number(e, "strikes"), 9) +
               pad_left(number(e, "spares"), 8) + "\n";
    };
    out += "Rank  " + pad_right("Name", 24) +
           (average ? " Average  Games\n" : " Score  Strikes  Spares\n");
    for (const Json& e : entries) out += row(e);
    if (total > static_cast<long long>(entries.size())) {
        out += "... and " + std::to_string(total - static_cast<long long>(entries.size())) +
               " more (--limit shows up to 100)\n";
    }
    const auto me = board.find("me");
    if (me != board.end() && me->is_object()) out += "You:\n" + row(*me);
    return out;
}

std::string render_verified(const Json& v, const Json* stored) {
    const bool ok = v.value("ok", false);
    std::string out = "Game " + number(v, "game") + ": " +
                      (ok ? "verified, the record replays to the stored score" : "NOT verified") +
                      "\n";
    out += "  replayed score " + number(v, "replayed_score") + ", stored score " +
           number(v, "stored_score") + "\n";
    const auto failed = v.find("failed_index");
    if (failed != v.end() && failed->is_number()) {
        out += "  the record fails at action " + std::to_string(failed->get<long long>()) + " (" +
               text_or(v, "error", "?") + ")\n";
    }
    if (stored) {
        std::string who = "guest";
        if (const auto p = stored->find("player"); p != stored->end() && p->is_object()) {
            who = text_or(*p, "name", "?");
        }
        out += "  " + text_or(*stored, "mode", "?") + " game by " + who + ", " +
               text_or(*stored, "ruleset", "?") + " rules";
        if (const auto day = stored->find("day"); day != stored->end() && day->is_string()) {
            out += ", day " + day->get<std::string>();
        }
        out += "\n";
        if (const auto seed = stored->find("seed"); seed != stored->end() && seed->is_string()) {
            out += "  seed   " + seed->get<std::string>() + "\n";
        }
        if (const auto rec = stored->find("record"); rec != stored->end() && rec->is_string()) {
            out += "  record " + rec->get<std::string>() + "\n";
        }
    }
    return out;
}

}  // namespace pinfall::cli
