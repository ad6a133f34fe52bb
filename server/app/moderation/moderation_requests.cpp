#include "server/app/moderation/moderation_requests.hpp"

#include <map>

#include "protocol/moderation.hpp"
#include "server/app/core/clock.hpp"
#include "server/app/core/error_codes.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

namespace {


// What one storage read gathers: the role, then the page with the moderators' names.
struct LogRead {
    bool moderator = false;
    std::vector<storage::AuditEntry> entries;  // up to limit + 1 (the extra one: more exist)
    std::map<storage::PlayerId, std::string> names;
};

}  // namespace

bool ModerationRequests::handle(Connection& c, const protocol::Request& r,
                                const std::shared_ptr<Outbox>& self, Received) {
    if (const auto* m = std::get_if<protocol::AuditLogRequest>(&r.body)) {
        audit_log(c, r, *m, self);
    } else if (const auto* q = std::get_if<protocol::ReviewQueueRequest>(&r.body)) {
        review_queue(c, r, *q, self);
    } else if (const auto* o = std::get_if<protocol::ReviewOpen>(&r.body)) {
        review_open(c, r, *o, self);
    } else if (const auto* d = std::get_if<protocol::ReviewDecide>(&r.body)) {
        review_decide(c, r, *d, self);
    } else if (const auto* b = std::get_if<protocol::BanRequest>(&r.body)) {
        ban(c, r, *b, self);
    } else if (const auto* p = std::get_if<protocol::ReportRequest>(&r.body)) {
        report(c, r, *p, self);
    } else {
        return false;
    }
    return true;
}

void ModerationRequests::audit_log(Connection& c, const protocol::Request& r,
                                   const protocol::AuditLogRequest& m,
                                   const std::shared_ptr<Outbox>& self) {
    if (!c.player) return c.fail(self, r.id, code::kForbidden, kModeratorsOnly);
    auto read = std::make_shared<LogRead>();
    d_.storage.read(
        [read, me = c.player->id, cursor = m.cursor.value_or(0), limit = m.limit](
            storage::Store& s) {
            read->moderator = s.moderation().is_moderator(me);
            if (!read->moderator) return storage::Status::ok();
            read->entries = s.moderation().log(cursor, limit + 1);
            for (const auto& e : read->entries) {
                if (e.moderator && !read->names.count(*e.moderator)) {
                    const auto p = s.player(*e.moderator);
                    read->names[*e.moderator] = p ? p->name : "";
                }
            }
            return storage::Status::ok();
        },
        [conn = c.shared_from_this(), self, read, re = r.id,
         limit = static_cast<std::size_t>(m.limit)](const storage::Status& st) {
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not read the log");
            if (!read->moderator) return conn->fail(self, re, code::kForbidden, kModeratorsOnly);
            protocol::AuditLogPage page;
            for (const auto& e : read->entries) {
                if (page.entries.size() == limit) {
                    page.next_cursor = page.entries.back().id;
                    break;
                }
                protocol::AuditLogEntry out{e.id, format_rfc3339_ms(e.at), std::nullopt,
                                            e.action, e.target, e.note};
                if (e.moderator) out.moderator = protocol::PlayerRef{*e.moderator, read->names[*e.moderator]};
                page.entries.push_back(std::move(out));
            }
            self->send(make_message(protocol::encode_audit_log(re, page)));
        });
}

}  // namespace pinfall::server
