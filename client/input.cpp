#include "client/input.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

namespace pinfall::cli {

namespace {

std::string lower_trimmed(std::string_view line) {
    std::string s;
    for (char c : line) s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return {};
    const auto last = s.find_last_not_of(" \t\r\n");
    return s.substr(first, last - first + 1);
}

Input invalid(std::string why) {
    Input in;
    in.kind = Input::Kind::kInvalid;
    in.why = std::move(why);
    return in;
}

}  // namespace

Input parse_input(std::string_view line) {
    const std::string s = lower_trimmed(line);
    Input in;
    if (s.empty()) return in;
    if (s == "s" || s == "stop") {
        in.kind = Input::Kind::kStop;
        return in;
    }
    if (s == "h" || s == "help" || s == "?") {
        in.kind = Input::Kind::kHelp;
        return in;
    }
    if (s == "c" || s == "coach" || s == "hint") {
        in.kind = Input::Kind::kHint;
        return in;
    }
    if (s == "r" || s == "resign") {
        in.kind = Input::Kind::kResign;
        return in;
    }
    if (s == "q" || s == "quit" || s == "exit") {
        in.kind = Input::Kind::kQuit;
        return in;
    }
    std::string spaced = s;
    std::replace_if(
        spaced.begin(), spaced.end(), [](char c) { return c == ',' || c == ':'; }, ' ');
    std::istringstream words(spaced);
    std::vector<int> numbers;
    for (std::string w; words >> w;) {
        int n = 0;
        const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), n);
        if (ec != std::errc() || end != w.data() + w.size()) {
            return invalid("\"" + w + "\" is not a number; type h for help");
        }
        if (n < -1000 || n > 1000) return invalid("pins are numbered 1 to 10");
        numbers.push_back(n);
    }
    if (numbers.size() == 1) {
        in.kind = Input::Kind::kPick;
        in.pick = numbers[0];
        return in;
    }
    if (numbers.size() > 11) return invalid("a ball card knocks down at most three pins");
    if (numbers[0] < -100 || numbers[0] > 100) return invalid("Choose ball pile 1, 2 or 3.");
    in.kind = Input::Kind::kPlay;
    in.pile = numbers[0];
    in.pins.assign(numbers.begin() + 1, numbers.end());
    return in;
}

std::string input_help() {
    return "Commands:\n"
           "  P A B C   play: ball pile P (1-3) knocks down pins A B C (1-3 pins; 2:4,5,9 too)\n"
           "  N         the legal play numbered N\n"
           "  s         stop this ball\n"
           "  h         this help and the legal plays\n"
           "  c         the coach: the best plays and their expected final scores (practice)\n"
           "  r         resign (asks first; frames not bowled score 0)\n"
           "  q         quit; the game stays open: pinfall play --resume GAME\n";
}

}  // namespace pinfall::cli
