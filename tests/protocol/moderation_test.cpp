// The moderators' messages (docs/protocol.md "Moderation"): audit_log decoded with its page
// bounds, and its reply byte for byte.
#include <catch2/catch.hpp>

#include "protocol/messages.hpp"
#include "protocol/moderation.hpp"

using namespace pinfall::protocol;

TEST_CASE("audit_log: decoded with its cursor and limit, bounds refused") {
    auto ok = decode_request(R"({"type":"audit_log","id":3,"cursor":41,"limit":10})", kDefaultMaxDepth);
    REQUIRE(std::holds_alternative<Request>(ok));
    const auto& m = std::get<AuditLogRequest>(std::get<Request>(ok).body);
    CHECK(m.cursor == 41);
    CHECK(m.limit == 10);
    auto plain = decode_request(R"({"type":"audit_log","id":4})", kDefaultMaxDepth);
    REQUIRE(std::holds_alternative<Request>(plain));
    CHECK_FALSE(std::get<AuditLogRequest>(std::get<Request>(plain).body).cursor);
    CHECK(std::get<AuditLogRequest>(std::get<Request>(plain).body).limit == 50);
    for (const char* bad : {R"({"type":"audit_log","id":5,"limit":101})",
                            R"({"type":"audit_log","id":5,"cursor":0})",
                            R"({"type":"audit_log","id":5,"page":2})"}) {
        INFO(bad);
        const auto d = decode_request(bad, kDefaultMaxDepth);
        REQUIRE(std::holds_alternative<DecodeError>(d));
        CHECK(std::string(std::get<DecodeError>(d).code) == "bad_request");
    }
}

TEST_CASE("audit_log: the reply, byte for byte") {
    AuditLogPage page;
    page.entries.push_back({9, "2026-12-03T15:00:00.000Z", PlayerRef{4, "Ida"}, "disqualify",
                            "case:2", "knew \"the\" deal"});
    page.entries.push_back({8, "2026-12-03T14:00:00.000Z", std::nullopt, "grant_moderator",
                            "player:4", ""});
    page.next_cursor = 8;
    CHECK(encode_audit_log(7, page) ==
          R"({"type":"audit_log","re":7,"entries":[{"id":9,"at":"2026-12-03T15:00:00.000Z",)"
          R"("moderator":{"id":4,"name":"Ida"},"action":"disqualify","target":"case:2",)"
          R"("note":"knew \"the\" deal"},{"id":8,"at":"2026-12-03T14:00:00.000Z","moderator":null,)"
          R"("action":"grant_moderator","target":"player:4","note":""}],"next_cursor":8})");
    CHECK(encode_audit_log(1, AuditLogPage{}) ==
          R"({"type":"audit_log","re":1,"entries":[],"next_cursor":null})");
}
