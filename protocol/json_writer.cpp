#include "protocol/json_writer.hpp"

#include <algorithm>
#include <cassert>

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
    // Most strings need no escape: one copy of the whole run.
    std::size_t clean = 0;
    while (clean < s.size()) {
        const auto c = static_cast<unsigned char>(s[clean]);
        if (c < 0x20 || c == '"' || c == '\\') break;
        ++clean;
    }
    char* p = room(s.size() + 3);
    if (!first_) *p++ = ',';
    first_ = false;
    *p++ = '"';
    std::memcpy(p, s.data(), clean);
    p += clean;
    if (clean == s.size()) {
        *p++ = '"';
        len_ = static_cast<std::size_t>(p - buf_.data());
        return *this;
    }
    len_ = static_cast<std::size_t>(p - buf_.data());
    std::string rest;
    append_json_string(rest, s.substr(clean));  // with its quotes: the opening one dropped
    std::memcpy(room(rest.size()), rest.data() + 1, rest.size() - 1);
    len_ += rest.size() - 1;
    return *this;
}

}  // namespace pinfall::protocol
