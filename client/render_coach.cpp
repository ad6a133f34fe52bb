#include "client/render_coach.hpp"

#include <cstdio>
#include <sstream>

#include "client/text.hpp"

namespace pinfall::cli {

std::string render_review(const Json& r) {
    std::ostringstream out;
    const Json& s = r["summary"];
    out << "Game " << r.value("game", 0LL) << " (" << r.value("ruleset", "") << ")\n";
    out << "Your decisions cost " << one_decimal(s.value("cost", 0.0))
        << " points in expectation; you scored " << s.value("score", 0) << " (luck: "
        << one_decimal(s.value("luck", 0.0)) << "); engine level on these deals: "
        << s.value("engine", 0) << "; par " << s.value("par", 0) << "\n\n";
    out << "  #  frame/ball  played      coach       expected  lost\n";
    for (const Json& m : r.value("moves", Json::array())) {
        const std::string played = m.value("played", "");
        const std::string best = m.value("best", "");
        char line[160];
        std::snprintf(line, sizeof line, "%3d  %2d/%d        %-10s  %-10s  %7s  %5s %s\n",
                      m.value("index", 0) + 1, m.value("frame", 0), m.value("ball", 0),
                      played.c_str(), played == best ? "=" : best.c_str(),
                      one_decimal(m.value("expected", 0.0)).c_str(),
                      one_decimal(m.value("loss", 0.0)).c_str(), m.value("mark", "").c_str());
        out << line;
    }
    out << "\npar " << r.value("par", 0) << ": " << r.value("par_line", "") << "\n";
    return out.str();
}

std::string render_hint(const Json& reply) {
    std::ostringstream out;
    if (reply.value("type", "") != "hint") {
        out << "No hint: " << reply.value("message", "error") << " (" << reply.value("code", "?")
            << ")\n";
        return out.str();
    }
    out << "Coach (expected final score):\n";
    std::size_t n = 0;
    for (const Json& p : reply.value("plays", Json::array())) {
        if (n++ == kHintLines) break;
        const std::string action = p.value("action", "");
        char line[96];
        std::snprintf(line, sizeof line, "  %zu) %-10s %6s\n", n,
                      action == "s" ? "s (stop)" : action.c_str(),
                      one_decimal(p.value("expected", 0.0)).c_str());
        out << line;
    }
    return out.str();
}

}  // namespace pinfall::cli
