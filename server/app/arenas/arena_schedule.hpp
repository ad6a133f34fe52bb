// The operator's recurring arenas (`--arena-schedule`, docs/protocol.md "Arenas"):
//   every <P>m <ruleset> <D>m [clock <S>s]
// e.g. "every 60m sackson 30m": an arena every 60 minutes, on the hour (slots are multiples
// of P minutes since the Unix epoch, UTC), lasting 30 minutes. Pure; thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pinfall::server {

struct ArenaSchedule {
    int period_min = 60;
    std::string ruleset = "sackson";
    int duration_min = 30;
    std::optional<int> clock_s;

    // The start (Unix ms) of every slot whose arena runs at or after `now` and starts before
    // now + period: the one live now (if any) and the next.
    std::vector<std::int64_t> slots_around(std::int64_t now_ms) const;
    // The slot's unique key in storage ("every60m/sackson/30m/<start ms>").
    std::string slot_key(std::int64_t start_ms) const;
    // The arena's name, e.g. "Hourly sackson 16:00".
    std::string name(std::int64_t start_ms) const;
};

// nullopt with *error set when `text` is not a schedule (an empty text is an error too).
std::optional<ArenaSchedule> parse_arena_schedule(std::string_view text, std::string* error);

}  // namespace pinfall::server
