#include "server/app/inbox/inbox.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <memory>

#include "protocol/social.hpp"
#include "server/app/cluster/notice_fields.hpp"
#include "storage/inbox.hpp"
#include "storage/integrity.hpp"
#include "storage/store.hpp"

namespace pinfall::server {
using notice::fields;
using notice::joined;
using notice::number;

storage::Status Inbox::write(storage::Store& s, const NoticeDraft& d, storage::Millis now,
                             std::optional<Made>* made) const {
    made->reset();
    storage::NoticeRow row{0, d.player, d.kind, d.key, d.fields, now, std::nullopt};
    std::int64_t id = 0;
    const auto st = s.inbox().add(row, &id);
    if (st.code() == storage::Status::Code::kConflict) return storage::Status::ok();  // made before
    if (!st.is_ok()) return st;
    const protocol::NoticeView view{id, d.kind, format_rfc3339_ms(now), false, d.fields};
    Made m{d.player, s.integrity().guest_of(d.player).value_or(0),
           protocol::encode_notice(view, s.inbox().unread(d.player))};
    if (auto a = s.announce(kNoticeChannel, joined({d_.node, std::to_string(m.player),
                                                    std::to_string(m.guest), m.text}));
        !a.is_ok()) {
        return a;
    }
    *made = std::move(m);
    return storage::Status::ok();
}

void Inbox::send(std::vector<NoticeDraft> drafts, std::function<void(int)> done) {
    if (drafts.empty()) {
        if (done) done(0);
        return;
    }
    auto made = std::make_shared<std::vector<Made>>();
    const auto now = unix_ms(d_.clock.now());
    d_.storage.write(
        [this, made, drafts = std::move(drafts), now](storage::Store& s) {
            made->clear();  // a retried batch starts again
            for (const auto& d : drafts) {
                std::optional<Made> m;
                if (auto st = write(s, d, now, &m); !st.is_ok()) return st;
                if (m) made->push_back(std::move(*m));
            }
            return storage::Status::ok();
        },
        [this, made, done = std::move(done)](const storage::Status& st) {
            if (!st.is_ok()) {
                spdlog::warn("inbox: notices not stored: {}", st.message());
                if (done) done(0);
                return;
            }
            for (const auto& m : *made) deliver(m);
            if (done) done(static_cast<int>(made->size()));
        });
}

void Inbox::deliver(const Made& m) const {
    auto to = d_.ownership.connections_of(m.player);
    if (m.guest > 0) {
        for (auto& c : d_.ownership.connections_of(guest_key(static_cast<std::uint64_t>(m.guest)))) {
            to.push_back(std::move(c));
        }
    }
    // A connection may hold both keys (a guest that registered): it gets the notice once.
    std::sort(to.begin(), to.end());
    to.erase(std::unique(to.begin(), to.end()), to.end());
    if (to.empty()) return;
    const auto text = make_message(m.text);
    for (const auto& c : to) c->send(text);
}

void Inbox::on_notice(const std::string& payload) {
    const auto f = fields(payload, 4);
    Made m;
    if (f.size() != 4 || !number(f[1], &m.player) || !number(f[2], &m.guest)) return;
    if (f[0] == d_.node) return;  // its own: pushed when it committed
    m.text = std::string(f[3]);
    deliver(m);
}

void Inbox::expire() {
    const auto before = unix_ms(d_.clock.now() - kNoticeLifetime);
    auto count = std::make_shared<int>(0);
    d_.storage.write(
        [before, count](storage::Store& s) { return s.inbox().expire(before, count.get()); },
        [count](const storage::Status& st) {
            if (!st.is_ok()) spdlog::warn("inbox: expiry: {}", st.message());
            if (*count > 0) spdlog::info("inbox: {} notices expired", *count);
        });
}

}  // namespace pinfall::server
