// Rulesets of Bowling Solitaire (docs/rules.md, "Knocking pins down": group shape).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace pinfall::engine {

enum class Ruleset : std::uint8_t {
    kSackson,  // connected groups; the default and the daily challenge's ruleset
    kStrict,   // every pair adjacent
};

constexpr std::string_view ruleset_name(Ruleset r) {
    return r == Ruleset::kStrict ? "strict" : "sackson";
}

constexpr std::optional<Ruleset> parse_ruleset(std::string_view name) {
    if (name == "sackson") return Ruleset::kSackson;
    if (name == "strict") return Ruleset::kStrict;
    return std::nullopt;
}

}  // namespace pinfall::engine
