#include "server/app/push/reminders.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <map>
#include <vector>

#include "protocol/push.hpp"
#include "server/app/core/calendar.hpp"
#include "server/app/players/profile_stats.hpp"
#include "server/app/push/reminder_rules.hpp"
#include "storage/store.hpp"

namespace pinfall::server::push {

namespace {

using storage::Status;

// Claims older than this are deleted (a claim matters on its own local day only), and devices
// gone longer than this too.
constexpr auto kKeepClaims = std::chrono::hours(72);
constexpr auto kExpiryEvery = std::chrono::hours(1);

struct Due {
    std::int64_t subscription = 0;
    PushMessage message;
};

struct Batch {
    std::vector<Due> send;
    bool full = false;
};

std::string hh_mm(const LocalTime& l) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "%02d:%02d", l.hour, l.minute);
    return buf;
}

// One scan of the due devices (the storage job): claims, marks and next instants, and the
// messages to send once committed in *out.
Status scan(storage::Store& s, TimeZones& zones, const std::string& node, SysTime now_tp,
            Batch* out) {
    *out = Batch{};
    auto& push = s.push();
    const std::int64_t now_ms = unix_ms(now_tp);
    const std::int64_t now = now_ms / 1000;
    const auto rows = push.due(now_ms, Reminders::kBatch);
    out->full = static_cast<int>(rows.size()) == Reminders::kBatch;
    const std::string today = utc_date(now_tp);
    const SysTime day_ends = day_end(*day_start(today));
    const std::int64_t ends_s = unix_ms(day_ends) / 1000;
    std::map<storage::PlayerId, storage::PlayerSettingsRow> settings;
    for (const auto& row : rows) {
        auto it = settings.find(row.player);
        if (it == settings.end()) it = settings.emplace(row.player, push.settings(row.player)).first;
        const auto& set = it->second;
        auto zone = zones.get(set.time_zone);
        if (!zone) zone = TimeZone::utc();
        const auto day = sendable_day(*zone, now, set.hour);
        ReminderKind kind = ReminderKind::kNone;
        int streak = 0;
        if (day && day != row.last_sent_day) {
            const bool played = s.daily_attempt(row.player, today).has_value();
            if (!played && set.streak_at_risk) {
                std::vector<std::string> days;
                for (const auto& g : s.games_of(row.player)) {
                    if (g.mode == storage::GameMode::kDaily) days.push_back(g.day);
                }
                int best = 0;
                daily_streaks(std::move(days), today, &streak, &best);
            }
            kind = reminder_for(set.new_daily, set.streak_at_risk, played, streak);
        }
        if (kind == ReminderKind::kNone) {
            // Outside the window, sent already, or nothing to remind of: look again at the
            // next window (tomorrow's once today's reminder needs no sending).
            const auto next = next_due(*zone, now, set.hour, day ? day : row.last_sent_day);
            if (Status st = push.set_due(row.id, next * 1000); !st.is_ok()) return st;
            continue;
        }
        const std::int64_t tomorrow = next_due(*zone, now, set.hour, day) * 1000;
        const Status claimed = push.claim(row.id, *day, node, now_ms);
        if (claimed.is_conflict()) {  // another node (or an earlier scan) sends it
            if (Status st = push.set_due(row.id, tomorrow); !st.is_ok()) return st;
            continue;
        }
        if (!claimed.is_ok()) return claimed;
        if (Status st = push.mark_sent(row.id, *day, tomorrow); !st.is_ok()) return st;
        const auto text = reminder_text(kind, streak, hh_mm(zone->local(ends_s)));
        Due d;
        d.subscription = row.id;
        d.message.endpoint = row.endpoint;
        d.message.p256dh = row.p256dh;
        d.message.auth = row.auth;
        d.message.payload = protocol::encode_reminder(text.title, text.body, text.url);
        d.message.ttl = static_cast<int>(std::max<std::int64_t>(60, ends_s - now));
        d.message.topic = "daily";
        out->send.push_back(std::move(d));
    }
    return Status::ok();
}

}  // namespace

std::optional<P256KeyPair> vapid_key_of(storage::Store& store, storage::Millis now) {
    const auto fresh = generate_p256();
    if (!fresh) return std::nullopt;
    storage::VapidKeyRow stored;
    const storage::VapidKeyRow candidate{base64url_encode(fresh->private_key),
                                         base64url_encode(fresh->public_key), now};
    if (!store.push().vapid_key(candidate, &stored).is_ok()) return std::nullopt;
    const auto scalar = base64url_decode(stored.private_key);
    if (!scalar) return std::nullopt;
    auto pair = p256_from_private(*scalar);
    if (!pair || base64url_encode(pair->public_key) != stored.public_key) return std::nullopt;
    return pair;
}

void Reminders::start() {
    boost::asio::post(timer_.get_executor(),
                      [self = shared_from_this()] { self->schedule(self->d_.every); });
}

void Reminders::stop() {
    boost::asio::post(timer_.get_executor(), [self = shared_from_this()] {
        self->stopped_ = true;
        self->timer_.cancel();
    });
}

void Reminders::schedule(std::chrono::milliseconds after) {
    if (stopped_) return;
    timer_.expires_after(after);
    timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
        if (ec) return;
        self->check();
    });
}

void Reminders::check() {
    if (stopped_) return;
    expire();
    auto batch = std::make_shared<Batch>();
    const auto now = d_.clock.now();
    d_.storage.write(
        [batch, &zones = d_.zones, node = d_.node_id, now](storage::Store& s) {
            return scan(s, zones, node, now, batch.get());
        },
        [self = shared_from_this(), batch](const Status& st) {
            boost::asio::post(self->timer_.get_executor(), [self, batch, st] {
                if (!st.is_ok()) {
                    spdlog::warn("reminders: the due devices could not be read: {}", st.message());
                    batch->send.clear();
                    batch->full = false;
                }
                for (auto& d : batch->send) {
                    const auto id = d.subscription;
                    self->d_.sender.send(std::move(d.message),
                                         [self, id](PushOutcome outcome, const std::string& why) {
                        if (outcome == PushOutcome::kSent) {
                            ++self->d_.metrics.reminders_sent;
                        } else if (outcome == PushOutcome::kGone) {
                            ++self->d_.metrics.reminders_gone;
                            const auto at = unix_ms(self->d_.clock.now());
                            self->d_.storage.write(
                                [id, at](storage::Store& s) { return s.push().mark_gone(id, at); },
                                [](const Status&) {});
                            spdlog::info("reminders: device {} is gone ({}): dropped", id, why);
                        } else {
                            ++self->d_.metrics.reminders_failed;
                            spdlog::warn("reminders: device {} not reached ({}); tried again tomorrow",
                                         id, why);
                        }
                    });
                }
                // A full batch leaves more due now: the next one at once.
                self->schedule(batch->full ? std::chrono::milliseconds(0) : self->d_.every);
            });
        });
}

void Reminders::expire() {
    const auto now = std::chrono::steady_clock::now();
    if (now < next_expiry_) return;
    next_expiry_ = now + kExpiryEvery;
    const auto before = unix_ms(d_.clock.now() - kKeepClaims);
    d_.storage.write(
        [before](storage::Store& s) {
            int count = 0;
            return s.push().expire(before, &count);
        },
        [](const Status& st) {
            if (!st.is_ok()) spdlog::warn("reminders: expiry failed: {}", st.message());
        });
}

}  // namespace pinfall::server::push
