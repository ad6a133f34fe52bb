#include "server/app/push/push_requests.hpp"

#include "protocol/push.hpp"
#include "server/app/core/error_codes.hpp"
#include "server/app/push/push_url.hpp"
#include "server/app/push/reminder_rules.hpp"
#include "server/app/push/webpush_crypto.hpp"
#include "storage/store.hpp"

namespace pinfall::server::push {

namespace {

using protocol::SettingsAction;
using storage::Status;

// The subscription's keys in canonical base64url, or a refusal's reason.
struct CheckedSubscription {
    std::string p256dh, auth;
    std::string why;  // non-empty: refused
};

CheckedSubscription check_subscription(const protocol::SettingsRequest& m, bool insecure) {
    CheckedSubscription out;
    const auto url = parse_push_url(*m.endpoint);
    if (!url) {
        out.why = "endpoint is not an http(s) URL";
    } else if (!insecure && (!url->https || host_is_address(*url))) {
        out.why = "endpoint must be an https URL with a host name";
    }
    const auto key = base64url_decode(m.p256dh);
    const auto auth = base64url_decode(m.auth);
    if (out.why.empty() && (!key || !valid_p256_point(*key))) {
        out.why = "keys.p256dh is not an uncompressed P-256 point";
    }
    if (out.why.empty() && (!auth || auth->size() != kAuthBytes)) {
        out.why = "keys.auth is not 16 bytes";
    }
    if (out.why.empty()) {
        out.p256dh = base64url_encode(*key);
        out.auth = base64url_encode(*auth);
    }
    return out;
}

}  // namespace

bool PushRequests::handle(Connection& c, const protocol::Request& r,
                          const std::shared_ptr<Outbox>& self, Received) {
    if (std::holds_alternative<protocol::PushKeyRequest>(r.body)) {
        self->send(make_message(protocol::encode_push_key(r.id, d_.public_key)));
        return true;
    }
    const auto* m = std::get_if<protocol::SettingsRequest>(&r.body);
    if (!m) return false;
    if (!c.ranked_me()) {
        c.fail(self, r.id, code::kLoginRequired,
               "log in (or play the daily as a guest) to keep settings and reminders");
        return true;
    }
    settings(c, r.id, *m, self);
    return true;
}

void PushRequests::settings(Connection& c, protocol::Re re, const protocol::SettingsRequest& m,
                            const std::shared_ptr<Outbox>& self) {
    std::shared_ptr<const TimeZone> zone;
    if (m.time_zone) {
        zone = d_.zones.get(*m.time_zone);
        if (!zone) {
            return c.fail(self, re, code::kBadTimeZone,
                          "no time zone \"" + *m.time_zone +
                              "\" in the server's time zone database (an IANA name such as "
                              "Europe/Paris)");
        }
    }
    CheckedSubscription sub;
    if (m.action == SettingsAction::kSubscribe) {
        sub = check_subscription(m, d_.insecure_endpoints);
        if (!sub.why.empty()) return c.fail(self, re, code::kBadSubscription, sub.why);
    }
    const auto me = *c.ranked_me();
    const auto now = unix_ms(d_.clock.now());
    auto view = std::make_shared<protocol::SettingsView>();
    d_.storage.write(
        [this, view, me, m, now, zone, sub](storage::Store& s) -> Status {
            auto& push = s.push();
            storage::PlayerSettingsRow settings = push.settings(me);
            const auto before = settings;
            if (m.time_zone) settings.time_zone = zone->name();
            if (m.reminders) {
                if (m.reminders->new_daily) settings.new_daily = *m.reminders->new_daily;
                if (m.reminders->streak_at_risk) settings.streak_at_risk = *m.reminders->streak_at_risk;
                if (m.reminders->hour) settings.hour = *m.reminders->hour;
            }
            const bool changed = settings.time_zone != before.time_zone ||
                                 settings.new_daily != before.new_daily ||
                                 settings.streak_at_risk != before.streak_at_risk ||
                                 settings.hour != before.hour;
            if (changed) {
                if (Status st = push.set_settings(me, settings); !st.is_ok()) return st;
            }
            auto z = zone ? zone : d_.zones.get(settings.time_zone);
            if (!z) z = TimeZone::utc();
            const std::int64_t now_s = now / 1000;
            if (m.action == SettingsAction::kSubscribe) {
                storage::PushSubscriptionRow row;
                row.endpoint = *m.endpoint;
                row.p256dh = sub.p256dh;
                row.auth = sub.auth;
                row.player = me;
                row.created_at = now;
                row.due_at = next_due(*z, now_s, settings.hour, std::nullopt) * 1000;
                std::int64_t id = 0;
                if (Status st = push.subscribe(row, &id); !st.is_ok()) return st;
            } else if (m.action == SettingsAction::kUnsubscribe) {
                bool removed = false;
                if (Status st = push.unsubscribe(me, *m.endpoint, &removed); !st.is_ok()) return st;
            } else if (m.action == SettingsAction::kStop) {
                int count = 0;
                if (Status st = push.unsubscribe_all(me, &count); !st.is_ok()) return st;
            }
            if (changed) {
                // The scheduler looks at each device again by the new zone and hour.
                for (const auto& d : push.subscriptions_of(me)) {
                    const auto due = next_due(*z, now_s, settings.hour, d.last_sent_day) * 1000;
                    if (Status st = push.set_due(d.id, due); !st.is_ok()) return st;
                }
            }
            view->time_zone = settings.time_zone;
            view->new_daily = settings.new_daily;
            view->streak_at_risk = settings.streak_at_risk;
            view->hour = settings.hour;
            view->subscribed = m.endpoint && push.subscribed(me, *m.endpoint);
            view->devices = push.devices(me);
            return Status::ok();
        },
        [conn = c.shared_from_this(), self, view, re](const Status& st) {
            if (!st.is_ok()) {
                return conn->fail(self, re, code::kStorageError, "could not keep your settings");
            }
            self->send(make_message(protocol::encode_settings(re, *view)));
        });
}

}  // namespace pinfall::server::push
