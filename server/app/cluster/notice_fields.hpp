// The text of a cluster notice (NOTIFY payload): fields separated by tabs, numbers in decimal.
// Shared by the notices of results, renames and lanes; pure functions, safe anywhere.
#pragma once

#include <charconv>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace pinfall::server::notice {

// The fields of a payload. With `max` > 0 the last field takes the rest of the text, tabs
// included (free text such as a name goes last).
inline std::vector<std::string_view> fields(std::string_view s, std::size_t max = 0) {
    std::vector<std::string_view> out;
    for (;;) {
        const auto tab = (max > 0 && out.size() + 1 == max) ? std::string_view::npos : s.find('\t');
        out.push_back(s.substr(0, tab));
        if (tab == std::string_view::npos) return out;
        s.remove_prefix(tab + 1);
    }
}

// True when all of s is a decimal number that fits in *out.
template <class Int>
bool number(std::string_view s, Int* out) {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
    return ec == std::errc() && end == s.data() + s.size() && !s.empty();
}

inline std::string joined(std::initializer_list<std::string> parts) {
    std::string out;
    for (const auto& p : parts) {
        if (!out.empty()) out += '\t';
        out += p;
    }
    return out;
}

}  // namespace pinfall::server::notice
