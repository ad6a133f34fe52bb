#include "protocol/push.hpp"

#include "protocol/encode_parts.hpp"

namespace pinfall::protocol {

std::string encode_settings(Re re, const SettingsView& v) {
    JsonWriter w = start_message("settings", re);
    w.key("time_zone").value(v.time_zone);
    w.key("reminders").begin_object();
    w.key("new_daily").value(v.new_daily).key("streak_at_risk").value(v.streak_at_risk);
    w.key("hour").value(v.hour).end_object();
    w.key("push").begin_object().key("subscribed").value(v.subscribed);
    w.key("devices").value(v.devices).end_object();
    return w.end_object().take();
}

std::string encode_push_key(Re re, const std::string& key) {
    return start_message("push_key", re).key("key").value(key).end_object().take();
}

std::string encode_reminder(const std::string& title, const std::string& body,
                            const std::string& url) {
    JsonWriter w;
    w.begin_object().key("title").value(title).key("body").value(body).key("url").value(url);
    return w.end_object().take();
}

}  // namespace pinfall::protocol
