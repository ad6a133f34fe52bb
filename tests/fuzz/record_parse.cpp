// Fuzz target: the record notation (engine/record.*) on arbitrary text. Invariants: whatever
// parses formats back to text that parses to the same record, and that text is a fixed point
// (formatting it again gives it back); a refusal names a token of the input; every token that
// parse_action accepts formats back to a token it reads alike. A parsed record then replays
// from its seed (any piles and pins: the engine refuses what is illegal) without breaking the
// game's invariants: the replay stops at the first refused action, with its error, and what
// was applied is the record's prefix, which replays alike.
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/record.hpp"
#include "fuzz_check.hpp"

namespace {

using namespace pinfall::engine;

std::vector<std::string> tokens_of(std::string_view text) {
    std::istringstream in{std::string(text)};
    std::vector<std::string> out;
    for (std::string t; in >> t;) out.push_back(t);
    return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto tokens = tokens_of(text);
    for (const auto& t : tokens) {
        if (const auto a = parse_action(t)) {
            const auto again = parse_action(action_text(*a));
            FUZZ_CHECK(again && *again == *a);
        }
    }

    RecordParseError error{-1, ""};
    const auto record = parse_record(text, &error);
    if (!record) {
        FUZZ_CHECK(error.token >= 0 && static_cast<std::size_t>(error.token) <= tokens.size());
        FUZZ_CHECK(!error.message.empty());
        return 0;
    }
    FUZZ_CHECK(record->actions.size() + 3 == tokens.size());
    const std::string formatted = record_text(*record);
    const auto reparsed = parse_record(formatted);
    FUZZ_CHECK(reparsed && *reparsed == *record);
    FUZZ_CHECK(record_text(*reparsed) == formatted);

    const ReplayResult result = replay(*record);
    FUZZ_CHECK(result.game.invariants_hold());
    const auto applied = result.game.actions().size();
    if (result.ok()) {
        FUZZ_CHECK(applied == record->actions.size());
        FUZZ_CHECK(record_of(result.game) == *record);
    } else {
        FUZZ_CHECK(result.error.has_value());
        FUZZ_CHECK(applied == static_cast<std::size_t>(result.failed_index));
        FUZZ_CHECK(applied < record->actions.size());
        const ReplayResult prefix = replay(record_of(result.game));
        FUZZ_CHECK(prefix.ok() && prefix.game == result.game);
    }
    return 0;
}
