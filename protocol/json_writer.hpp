// A minimal JSON text builder for hot-path server messages: appends to one std::string with no
// DOM. The caller is responsible for well-formed nesting; every encoder built on it is tested
// byte-for-byte against docs/protocol.md. Not thread-safe (a value).
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pinfall::protocol {

class JsonWriter {
   public:
    explicit JsonWriter(std::size_t reserve = 256) { out_.reserve(reserve); }

    // A value already in JSON form (a formatted number): placed like any other value.
    JsonWriter& raw_value(std::string_view json) {
        separate();
        out_ += json;
        return *this;
    }
    // `"name":` preceded by a comma unless it is the first member of the object. REQUIRES: name
    // is an identifier of lower-case letters, digits and '_' (written as is, never escaped).
    JsonWriter& key(std::string_view name);
    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();

    JsonWriter& value(std::string_view s);  // escaped string
    JsonWriter& value(const char* s) { return value(std::string_view(s)); }
    JsonWriter& value(std::int64_t v);
    JsonWriter& value(std::uint64_t v);
    JsonWriter& value(int v) { return value(static_cast<std::int64_t>(v)); }
    JsonWriter& value(bool v);
    JsonWriter& null();
    template <class T>
    JsonWriter& value(const std::optional<T>& v) {
        return v ? value(*v) : null();
    }

    const std::string& str() const { return out_; }
    std::string take() { return std::move(out_); }

   private:
    void separate();
    std::string out_;
    bool first_ = true;  // no member or element written yet at this level
};

// Appends s as a JSON string literal (quotes, escapes, control characters as \u00XX).
void append_json_string(std::string& out, std::string_view s);

}  // namespace pinfall::protocol
