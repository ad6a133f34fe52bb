#include "protocol/json_writer.hpp"

#include <algorithm>

namespace pinfall::protocol {

void append_json_string(std::string& out, std::string_view s) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    // Copy runs of characters that need no escape in one append (most strings are all run).
    std::size_t run = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        out.append(s.data() + run, i - run);
        run = i + 1;
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                out += "\\u00";
                out += kHex[c >> 4];
                out += kHex[c & 0xF];
        }
    }
    out.append(s.data() + run, s.size() - run);
    out += '"';
}

void JsonWriter::grow(std::size_t n) {
    buf_.resize(std::max(buf_.size() * 2, len_ + n));
}

JsonWriter& JsonWriter::value(std::string_view s) {
    const bool plain = std::all_of(s.begin(), s.end(), [](char ch) {
        const auto c = static_cast<unsigned char>(ch);
        return c >= 0x20 && c != '"' && c != '\\';
    });
    if (plain) return word(s);  // most strings: one copy
    std::string quoted;
    append_json_string(quoted, s);
    return raw_value(quoted);
}

}  // namespace pinfall::protocol
