#include "engine/record.hpp"

#include <charconv>
#include <sstream>

namespace pinfall::engine {
namespace {

constexpr std::string_view kMagic = "pinfall/1";

bool parse_small_int(std::string_view s, int* out) {
    if (s.empty() || s.size() > 2) return false;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
    return ec == std::errc() && ptr == s.data() + s.size();
}

}  // namespace

Record record_of(const Game& game) { return Record{game.ruleset(), game.seed(), game.actions()}; }

void append_action_text(std::string& out, const Action& a) {
    switch (a.kind) {
        case Action::Kind::kStop: out += 's'; return;
        case Action::Kind::kResign: out += 'r'; return;
        case Action::Kind::kUndo: out += 'u'; return;
        case Action::Kind::kPlay: break;
    }
    char buf[16];  // an int's digits and sign
    auto put = [&](int v) { out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr); };
    put(a.pile + 1);
    out += ':';
    for (int i = 0; i < a.pin_count; ++i) {
        if (i) out += ',';
        put(a.pins[i]);
    }
}

std::string action_text(const Action& a) {
    std::string out;
    append_action_text(out, a);
    return out;
}

std::optional<Action> parse_action(std::string_view token) {
    if (token == "s") return Action::stop();
    if (token == "r") return Action::resign();
    if (token == "u") return Action::undo();
    const auto colon = token.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    int pile = 0;
    // A pile below 1 is not a pile number: Action keeps no number for it (Action::play maps it
    // to 255), so action_text could not write it back as it was read.
    if (!parse_small_int(token.substr(0, colon), &pile) || pile < 1) return std::nullopt;
    std::vector<int> pins;
    std::string_view rest = token.substr(colon + 1);
    while (true) {
        const auto comma = rest.find(',');
        int pin = 0;
        if (!parse_small_int(rest.substr(0, comma), &pin)) return std::nullopt;
        pins.push_back(pin);
        if (pins.size() > kMaxListedPins) return std::nullopt;
        if (comma == std::string_view::npos) break;
        rest = rest.substr(comma + 1);
    }
    return Action::play(pile - 1, pins);
}

std::string record_text(const Record& record) {
    std::string out;
    out.reserve(kMagic.size() + 80 + 8 * record.actions.size());  // a play is some 6 characters
    out += kMagic;
    out += ' ';
    out += ruleset_name(record.ruleset);
    out += ' ';
    out += seed_hex(record.seed);
    for (const auto& a : record.actions) {
        out += ' ';
        append_action_text(out, a);
    }
    return out;
}

std::optional<Record> parse_record(std::string_view text, RecordParseError* error) {
    std::istringstream in{std::string(text)};
    std::vector<std::string> tokens;
    for (std::string t; in >> t;) tokens.push_back(t);
    auto fail = [error](int token, std::string message) -> std::optional<Record> {
        if (error) *error = RecordParseError{token, std::move(message)};
        return std::nullopt;
    };
    if (tokens.empty() || tokens[0] != kMagic) return fail(0, "record must start with pinfall/1");
    if (tokens.size() < 3) return fail(static_cast<int>(tokens.size()), "ruleset and seed expected");
    Record record;
    const auto ruleset = parse_ruleset(tokens[1]);
    if (!ruleset) return fail(1, "unknown ruleset");
    record.ruleset = *ruleset;
    const auto seed = parse_seed_hex(tokens[2]);
    if (!seed) return fail(2, "seed must be 64 hex characters");
    record.seed = *seed;
    for (std::size_t i = 3; i < tokens.size(); ++i) {
        const auto action = parse_action(tokens[i]);
        if (!action) return fail(static_cast<int>(i), "not an action: " + tokens[i]);
        record.actions.push_back(*action);
    }
    return record;
}

std::vector<Action> final_line(const std::vector<Action>& actions) {
    std::vector<Action> line;
    for (const auto& a : actions) {
        if (a.kind != Action::Kind::kUndo) {
            line.push_back(a);
        } else if (!line.empty()) {
            line.pop_back();
        }
    }
    return line;
}

ReplayResult replay(const Record& record) {
    ReplayResult result{Game(record.ruleset, record.seed), -1, std::nullopt};
    for (std::size_t i = 0; i < record.actions.size(); ++i) {
        if (auto err = result.game.apply(record.actions[i])) {
            result.failed_index = static_cast<int>(i);
            result.error = err;
            break;
        }
    }
    return result;
}

}  // namespace pinfall::engine
