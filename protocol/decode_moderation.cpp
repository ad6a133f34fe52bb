// Decoding of the moderators' requests and of report (docs/protocol.md "Moderation"). Notes and
// reasons are bounded here, so nothing oversized reaches the server or the database.
#include <algorithm>

#include "protocol/decode_fields.hpp"

namespace pinfall::protocol::detail {

namespace {

std::string bounded_text(const json& obj, const char* field, std::size_t max, bool required) {
    const auto* s = get_string(obj, field, required);
    if (!s) return {};
    if (s->size() > max) {
        throw Refusal{code::kBadRequest,
                      std::string(field) + " is at most " + std::to_string(max) + " bytes"};
    }
    return *s;
}

}  // namespace

std::string browser_key(const std::string& key) {
    const bool ok = key.size() >= 16 && key.size() <= 64 &&
                    std::all_of(key.begin(), key.end(), [](char c) {
                        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                               (c >= '0' && c <= '9') || c == '_' || c == '-';
                    });
    if (!ok) throw Refusal{code::kBadRequest, "browser is 16-64 of A-Z, a-z, 0-9, _ and -"};
    return key;
}

std::optional<RequestBody> decode_moderation_request(std::string_view type, const json& obj) {
    if (type == "audit_log") {
        only_fields(obj, {"cursor", "limit"});
        AuditLogRequest m;
        if (obj.contains("cursor")) {
            m.cursor = get_int(obj, "cursor", 1, static_cast<std::int64_t>(kMaxId));
        }
        if (obj.contains("limit")) m.limit = static_cast<int>(get_int(obj, "limit", 1, 100));
        return m;
    }
    if (type == "review_queue") {
        only_fields(obj, {"cursor", "limit"});
        ReviewQueueRequest m;
        if (obj.contains("cursor")) m.cursor = get_int(obj, "cursor", 0, 1'000'000'000);
        if (obj.contains("limit")) m.limit = static_cast<int>(get_int(obj, "limit", 1, 50));
        return m;
    }
    if (type == "review_open") {
        only_fields(obj, {"game", "note"});
        return ReviewOpen{get_game(obj), bounded_text(obj, "note", kMaxNoteBytes, false)};
    }
    if (type == "review_decide") {
        only_fields(obj, {"game", "decision", "note"});
        ReviewDecide m{get_game(obj), ReviewDecision::kClear,
                       bounded_text(obj, "note", kMaxNoteBytes, false)};
        const std::string decision = *get_string(obj, "decision", true);
        if (decision == "disqualify") {
            m.decision = ReviewDecision::kDisqualify;
        } else if (decision != "clear") {
            throw Refusal{code::kBadRequest, "decision must be \"clear\" or \"disqualify\""};
        }
        return m;
    }
    if (type == "ban" || type == "unban") {
        only_fields(obj, {"player", "note"});
        return BanRequest{get_int(obj, "player", 1, static_cast<std::int64_t>(kMaxId)),
                          bounded_text(obj, "note", kMaxNoteBytes, false), type == "unban"};
    }
    if (type == "report") {
        only_fields(obj, {"game", "reason"});
        ReportRequest m{get_game(obj), bounded_text(obj, "reason", kMaxReportBytes, true)};
        if (m.reason.empty()) throw Refusal{code::kBadRequest, "say in a few words why"};
        return m;
    }
    return std::nullopt;
}

}  // namespace pinfall::protocol::detail
