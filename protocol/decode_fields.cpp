// The field readers shared by the request decoders (decode_fields.hpp).
#include <algorithm>

#include "protocol/decode_fields.hpp"

namespace pinfall::protocol::detail {

std::int64_t int_value(const json& v, const std::string& what, std::int64_t lo, std::int64_t hi) {
    bool in_range = false;
    std::int64_t out = 0;
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        in_range = u <= static_cast<std::uint64_t>(hi) && static_cast<std::int64_t>(u) >= lo;
        out = static_cast<std::int64_t>(u);
    } else if (v.is_number_integer()) {
        out = v.get<std::int64_t>();
        in_range = out >= lo && out <= hi;
    } else {
        throw Refusal{code::kBadRequest, what + " must be an integer"};
    }
    if (!in_range) {
        throw Refusal{code::kBadRequest, what + " must be between " + std::to_string(lo) +
                                             " and " + std::to_string(hi)};
    }
    return out;
}

std::int64_t get_int(const json& obj, const char* field, std::int64_t lo, std::int64_t hi) {
    const auto it = obj.find(field);
    if (it == obj.end()) throw Refusal{code::kBadRequest, std::string("missing field ") + field};
    return int_value(*it, field, lo, hi);
}

const std::string* get_string(const json& obj, const char* field, bool required) {
    const auto it = obj.find(field);
    if (it == obj.end()) {
        if (required) throw Refusal{code::kBadRequest, std::string("missing field ") + field};
        return nullptr;
    }
    if (!it->is_string()) throw Refusal{code::kBadRequest, std::string(field) + " must be a string"};
    return &it->get_ref<const std::string&>();
}

void only_fields(const json& obj, std::initializer_list<std::string_view> allowed) {
    for (const auto& [k, v] : obj.items()) {
        if (k == "type" || k == "id") continue;
        if (std::find(allowed.begin(), allowed.end(), k) == allowed.end()) {
            throw Refusal{code::kBadRequest, "unknown field " + k};
        }
    }
}

GameId get_game(const json& obj) {
    return get_int(obj, "game", 1, static_cast<std::int64_t>(kMaxId));
}

}  // namespace pinfall::protocol::detail
