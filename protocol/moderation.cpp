#include "protocol/moderation.hpp"

#include "protocol/encode_parts.hpp"

namespace pinfall::protocol {

std::string encode_audit_log(Re re, const AuditLogPage& page) {
    JsonWriter w = start_message("audit_log", re, 128 + 160 * page.entries.size());
    w.key("entries").begin_array();
    for (const auto& e : page.entries) {
        w.begin_object().key("id").value(e.id).key("at").value(e.at).key("moderator");
        if (e.moderator) {
            write_player(w, *e.moderator);
        } else {
            w.null();
        }
        w.key("action").value(e.action).key("target").value(e.target).key("note").value(e.note);
        w.end_object();
    }
    w.end_array().key("next_cursor").value(page.next_cursor);
    return w.end_object().take();
}

}  // namespace pinfall::protocol
