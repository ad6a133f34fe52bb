// Small text helpers shared by the renderers. Pure; thread-safe.
#pragma once

#include <cstdio>
#include <string>

namespace pinfall::cli {

// s followed by spaces up to width (s unchanged when already as wide).
inline std::string pad_right(std::string s, std::size_t width) {
    if (s.size() < width) s.append(width - s.size(), ' ');
    return s;
}

// Spaces then s, up to width (s unchanged when already as wide).
inline std::string pad_left(std::string s, std::size_t width) {
    if (s.size() < width) s.insert(0, width - s.size(), ' ');
    return s;
}

// v with one decimal ("87.4").
inline std::string one_decimal(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

}  // namespace pinfall::cli
