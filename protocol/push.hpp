// Settings and push replies (docs/protocol.md "Reminders and settings"), and the reminder's
// payload the service worker shows. Pure functions; thread-safe.
#pragma once

#include <string>

#include "protocol/replies.hpp"

namespace pinfall::protocol {

struct SettingsView {
    std::string time_zone;
    bool new_daily = true, streak_at_risk = true;
    int hour = 9;
    bool subscribed = false;  // the device asked about
    int devices = 0;
};
// {"type":"settings","re":..,"time_zone","reminders":{"new_daily","streak_at_risk","hour"},
//  "push":{"subscribed","devices"}}
std::string encode_settings(Re re, const SettingsView& v);
// {"type":"push_key","re":..,"key":base64url}
std::string encode_push_key(Re re, const std::string& key);
// The push message's plaintext: {"title","body","url"}.
std::string encode_reminder(const std::string& title, const std::string& body,
                            const std::string& url);

}  // namespace pinfall::protocol
