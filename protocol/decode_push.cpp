// Decoding of the settings and push requests (docs/protocol.md "Reminders and settings").
// Shapes and ranges are checked here; whether a time zone exists, an endpoint is an https URL
// or a key is a point on the curve is the server's to say (bad_time_zone, bad_subscription).
#include "protocol/decode_fields.hpp"

namespace pinfall::protocol::detail {

namespace {

constexpr std::size_t kMaxEndpoint = 2048;
constexpr std::size_t kMaxKey = 256;

// Refuses any member of a nested object other than `allowed`.
void only_members(const json& obj, const char* what, std::initializer_list<std::string_view> allowed) {
    for (const auto& [k, v] : obj.items()) {
        bool ok = false;
        for (const auto a : allowed) ok = ok || k == a;
        if (!ok) throw Refusal{code::kBadRequest, std::string(what) + " has no member \"" + k + "\""};
    }
}

const json& object_field(const json& obj, const char* field) {
    const auto it = obj.find(field);
    if (it == obj.end()) throw Refusal{code::kBadRequest, std::string("missing field \"") + field + "\""};
    if (!it->is_object()) throw Refusal{code::kBadRequest, std::string(field) + " must be an object"};
    return *it;
}

std::string bounded_string(const json& obj, const char* field, std::size_t max) {
    const auto* s = get_string(obj, field, true);
    if (s->empty() || s->size() > max) {
        throw Refusal{code::kBadRequest,
                      std::string(field) + " is 1-" + std::to_string(max) + " characters"};
    }
    return *s;
}

std::optional<std::string> endpoint_of(const json& obj) {
    if (!obj.contains("endpoint")) return std::nullopt;
    return bounded_string(obj, "endpoint", kMaxEndpoint);
}

bool boolean(const json& obj, const char* field) {
    const auto& v = obj.at(field);
    if (!v.is_boolean()) throw Refusal{code::kBadRequest, std::string(field) + " must be true or false"};
    return v.get<bool>();
}

ReminderChoices reminders(const json& obj) {
    const json& r = object_field(obj, "reminders");
    only_members(r, "reminders", {"new_daily", "streak_at_risk", "hour"});
    ReminderChoices c;
    if (r.contains("new_daily")) c.new_daily = boolean(r, "new_daily");
    if (r.contains("streak_at_risk")) c.streak_at_risk = boolean(r, "streak_at_risk");
    if (r.contains("hour")) c.hour = static_cast<int>(int_value(r.at("hour"), "hour", 0, 23));
    return c;
}

// time_zone and reminders, each optional.
void choices(const json& obj, SettingsRequest* m) {
    if (const auto* tz = get_string(obj, "time_zone", false)) m->time_zone = *tz;
    if (obj.contains("reminders")) m->reminders = reminders(obj);
}

// PushSubscription.toJSON(): {"endpoint", "expirationTime" (null or a number), "keys":{"p256dh","auth"}}.
void subscription(const json& obj, SettingsRequest* m) {
    const json& s = object_field(obj, "subscription");
    only_members(s, "subscription", {"endpoint", "expirationTime", "keys"});
    m->endpoint = bounded_string(s, "endpoint", kMaxEndpoint);
    if (s.contains("expirationTime")) {
        const auto& e = s.at("expirationTime");
        if (!e.is_null() && !e.is_number()) {
            throw Refusal{code::kBadRequest, "expirationTime must be null or a number"};
        }
    }
    const json& keys = object_field(s, "keys");
    only_members(keys, "keys", {"p256dh", "auth"});
    m->p256dh = bounded_string(keys, "p256dh", kMaxKey);
    m->auth = bounded_string(keys, "auth", kMaxKey);
}

}  // namespace

std::optional<RequestBody> decode_push_request(std::string_view type, const json& obj) {
    using A = SettingsAction;
    if (type == "push_key") {
        only_fields(obj, {});
        return PushKeyRequest{};
    }
    SettingsRequest m;
    if (type == "settings") {
        only_fields(obj, {"endpoint"});
        m.action = A::kGet;
        m.endpoint = endpoint_of(obj);
    } else if (type == "settings_set") {
        only_fields(obj, {"time_zone", "reminders", "endpoint"});
        m.action = A::kSet;
        choices(obj, &m);
        m.endpoint = endpoint_of(obj);
    } else if (type == "push_subscribe") {
        only_fields(obj, {"subscription", "time_zone", "reminders"});
        m.action = A::kSubscribe;
        subscription(obj, &m);
        choices(obj, &m);
    } else if (type == "push_unsubscribe") {
        only_fields(obj, {"endpoint"});
        m.action = A::kUnsubscribe;
        m.endpoint = endpoint_of(obj);
        if (!m.endpoint) throw Refusal{code::kBadRequest, "missing field \"endpoint\""};
    } else if (type == "reminders_stop") {
        only_fields(obj, {});
        m.action = A::kStop;
    } else {
        return std::nullopt;
    }
    return m;
}

}  // namespace pinfall::protocol::detail
