#include "server/app/inbox/inbox_requests.hpp"

#include <memory>

#include "protocol/social.hpp"
#include "server/app/core/error_codes.hpp"
#include "storage/inbox.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

bool InboxRequests::handle(Connection& c, const protocol::Request& r,
                           const std::shared_ptr<Outbox>& self, Received) {
    const auto* page_req = std::get_if<protocol::InboxRequest>(&r.body);
    const auto* read_req = std::get_if<protocol::InboxRead>(&r.body);
    if (!page_req && !read_req) return false;
    if (!c.ranked_me()) {
        c.fail(self, r.id, code::kLoginRequired,
               "log in (or play the daily as a guest) to have an inbox");
    } else if (page_req) {
        page(c, r.id, *page_req, self);
    } else {
        read(c, r.id, *read_req, self);
    }
    return true;
}

void InboxRequests::page(Connection& c, protocol::Re re, const protocol::InboxRequest& m,
                         const std::shared_ptr<Outbox>& self) {
    struct Read {
        std::vector<storage::NoticeRow> rows;
        int unread = 0;
    };
    auto got = std::make_shared<Read>();
    const auto me = *c.ranked_me();
    // One more than the page: whether older notices remain.
    d_.storage.read(
        [got, me, m](storage::Store& s) {
            got->rows = s.inbox().page(me, m.before, m.limit + 1);
            got->unread = s.inbox().unread(me);
            return storage::Status::ok();
        },
        [conn = c.shared_from_this(), self, got, re, limit = m.limit](const storage::Status& st) {
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not read the inbox");
            std::optional<std::int64_t> next;
            if (static_cast<int>(got->rows.size()) > limit) {
                got->rows.resize(static_cast<std::size_t>(limit));
                next = got->rows.back().id;
            }
            std::vector<protocol::NoticeView> views;
            views.reserve(got->rows.size());
            for (const auto& n : got->rows) {
                views.push_back({n.id, n.kind, format_rfc3339_ms(n.created_at),
                                 n.read_at.has_value(), n.body});
            }
            self->send(make_message(protocol::encode_inbox(re, views, got->unread, next)));
        });
}

void InboxRequests::read(Connection& c, protocol::Re re, const protocol::InboxRead& m,
                         const std::shared_ptr<Outbox>& self) {
    auto unread = std::make_shared<int>(0);
    const auto me = *c.ranked_me();
    const auto now = unix_ms(d_.clock.now());
    d_.storage.write(
        [unread, me, m, now](storage::Store& s) {
            int count = 0;
            auto st = m.notice ? s.inbox().mark_read(me, *m.notice, now)
                               : s.inbox().mark_all_read(me, now, &count);
            if (!st.is_ok()) return st;
            *unread = s.inbox().unread(me);
            return st;
        },
        [conn = c.shared_from_this(), self, unread, re](const storage::Status& st) {
            if (st.code() == storage::Status::Code::kNotFound) {
                return conn->fail(self, re, code::kUnknownNotice, "no notice of yours has that id");
            }
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not mark it read");
            self->send(make_message(protocol::encode_inbox_read(re, *unread)));
        });
}

}  // namespace pinfall::server
