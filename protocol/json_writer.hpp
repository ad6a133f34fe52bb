// A minimal JSON text builder for hot-path server messages: writes into one std::string with no
// DOM. The caller is responsible for well-formed nesting; every encoder built on it is tested
// byte-for-byte against docs/protocol.md. Not thread-safe (a value).
//
// Why not std::string's appends: each one checks and may grow the capacity, and a reply is
// some two hundred small pieces; here the text is written through a cursor into a buffer kept
// larger than the text, grown (doubled) only when a piece would not fit, and cut to the text's
// length by take(). Encoding the reply was nearly a third of a practice action's instructions.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace pinfall::protocol {

class JsonWriter {
   public:
    // `reserve`: the bytes the text is expected to need (more are added as needed).
    explicit JsonWriter(std::size_t reserve = 256) { buf_.resize(reserve < 64 ? 64 : reserve); }

    // A value already in JSON form (a formatted number, a quoted literal): placed like any
    // other value, written as is.
    JsonWriter& raw_value(std::string_view json) {
        char* p = room(json.size() + 1);
        if (!first_) *p++ = ',';
        first_ = false;
        std::memcpy(p, json.data(), json.size());
        len_ = static_cast<std::size_t>(p + json.size() - buf_.data());
        return *this;
    }
    // `"name":` preceded by a comma unless it is the first member of the object. REQUIRES: name
    // is an identifier of lower-case letters, digits and '_' (written as is, never escaped).
    // Inlined: a reply writes some fifty keys, and the call cost more than the copy of a
    // name whose length is known where it is written.
    [[gnu::always_inline]] JsonWriter& key(std::string_view name) {
        char* p = room(name.size() + 4);
        if (!first_) *p++ = ',';
        *p++ = '"';
        std::memcpy(p, name.data(), name.size());
        p += name.size();
        *p++ = '"';
        *p++ = ':';
        len_ = static_cast<std::size_t>(p - buf_.data());
        first_ = true;  // the value that follows needs no comma
        return *this;
    }
    JsonWriter& begin_object() { return open('{'); }
    JsonWriter& end_object() { return close('}'); }
    JsonWriter& begin_array() { return open('['); }
    JsonWriter& end_array() { return close(']'); }

    JsonWriter& value(std::string_view s);  // escaped string
    // A string value that is one of the protocol's own words (an event or mode name, a frame's
    // marks): written without the escape scan. REQUIRES: no '"', '\\' or control character.
    JsonWriter& word(std::string_view s) {
        char* p = room(s.size() + 3);
        if (!first_) *p++ = ',';
        first_ = false;
        *p++ = '"';
        std::memcpy(p, s.data(), s.size());
        p += s.size();
        *p++ = '"';
        len_ = static_cast<std::size_t>(p - buf_.data());
        return *this;
    }
    JsonWriter& value(const char* s) { return value(std::string_view(s)); }
    JsonWriter& value(std::int64_t v) { return number(v); }
    JsonWriter& value(std::uint64_t v) { return number(v); }
    JsonWriter& value(int v) { return number(static_cast<std::int64_t>(v)); }
    JsonWriter& value(bool v) { return raw_value(v ? std::string_view("true") : "false"); }
    JsonWriter& null() { return raw_value("null"); }
    template <class T>
    JsonWriter& value(const std::optional<T>& v) {
        return v ? value(*v) : null();
    }

    // The text so far (valid until the next write).
    std::string_view view() const { return {buf_.data(), len_}; }
    // The text; the writer is left empty.
    std::string take() {
        buf_.resize(len_);
        len_ = 0;
        first_ = true;
        return std::move(buf_);
    }

   private:
    // At least n writable bytes at the cursor; returns the cursor.
    char* room(std::size_t n) {
        if (buf_.size() - len_ < n) grow(n);
        return buf_.data() + len_;
    }
    void grow(std::size_t n);
    JsonWriter& open(char c) {
        char* p = room(2);
        if (!first_) *p++ = ',';
        *p++ = c;
        len_ = static_cast<std::size_t>(p - buf_.data());
        first_ = true;
        return *this;
    }
    JsonWriter& close(char c) {
        *room(1) = c;
        ++len_;
        first_ = false;
        return *this;
    }
    template <class Int>
    JsonWriter& number(Int v) {
        char* p = room(24);
        if (!first_) *p++ = ',';
        first_ = false;
        len_ = static_cast<std::size_t>(std::to_chars(p, p + 21, v).ptr - buf_.data());
        return *this;
    }

    std::string buf_;      // buf_[0, len_) is the text; the rest is room
    std::size_t len_ = 0;
    bool first_ = true;  // no member or element written yet at this level
};

// Appends s as a JSON string literal (quotes, escapes, control characters as \u00XX).
void append_json_string(std::string& out, std::string_view s);

}  // namespace pinfall::protocol
