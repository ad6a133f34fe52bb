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

namespace {

template <class T>
T decoded(const char* text) {
    INFO(text);
    auto d = decode_request(text, kDefaultMaxDepth);
    REQUIRE(std::holds_alternative<Request>(d));
    return std::get<T>(std::get<Request>(d).body);
}

void refused(const char* text) {
    INFO(text);
    const auto d = decode_request(text, kDefaultMaxDepth);
    REQUIRE(std::holds_alternative<DecodeError>(d));
    CHECK(std::string(std::get<DecodeError>(d).code) == "bad_request");
}

}  // namespace

TEST_CASE("review requests, ban, unban and report: decoded, bounds refused") {
    const auto q = decoded<ReviewQueueRequest>(R"({"type":"review_queue","id":1,"cursor":20,"limit":5})");
    CHECK(q.cursor == 20);
    CHECK(q.limit == 5);
    CHECK(decoded<ReviewQueueRequest>(R"({"type":"review_queue","id":1})").limit == 20);
    const auto o = decoded<ReviewOpen>(R"({"type":"review_open","id":2,"game":77,"note":"look"})");
    CHECK(o.game == 77);
    CHECK(o.note == "look");
    const auto d = decoded<ReviewDecide>(
        R"({"type":"review_decide","id":3,"game":77,"decision":"disqualify","note":"n"})");
    CHECK(d.decision == ReviewDecision::kDisqualify);
    CHECK(decoded<ReviewDecide>(R"({"type":"review_decide","id":3,"game":7,"decision":"clear"})")
              .decision == ReviewDecision::kClear);
    const auto b = decoded<BanRequest>(R"({"type":"ban","id":4,"player":12,"note":"x"})");
    CHECK(b.player == 12);
    CHECK_FALSE(b.unban);
    CHECK(decoded<BanRequest>(R"({"type":"unban","id":4,"player":12})").unban);
    const auto r = decoded<ReportRequest>(R"({"type":"report","id":5,"game":9,"reason":"too good"})");
    CHECK(r.game == 9);
    CHECK(r.reason == "too good");
    const auto h = decoded<Hello>(R"({"type":"hello","id":6,"version":1,"browser":"abcdefghijklmnop_-12"})");
    CHECK(h.browser == "abcdefghijklmnop_-12");

    const std::string long_note(501, 'n');
    const std::string long_reason(201, 'r');
    const std::string note_msg = R"({"type":"review_open","id":2,"game":7,"note":")" + long_note + "\"}";
    const std::string reason_msg = R"({"type":"report","id":2,"game":7,"reason":")" + long_reason + "\"}";
    for (const std::string& bad :
         {std::string(R"({"type":"review_queue","id":1,"limit":51})"),
          std::string(R"({"type":"review_queue","id":1,"cursor":-1})"),
          std::string(R"({"type":"review_decide","id":3,"game":7,"decision":"pardon"})"),
          std::string(R"({"type":"review_decide","id":3,"game":7})"),
          std::string(R"({"type":"ban","id":4})"), std::string(R"({"type":"ban","id":4,"player":0})"),
          std::string(R"({"type":"report","id":5,"game":9})"),
          std::string(R"({"type":"report","id":5,"game":9,"reason":""})"),
          std::string(R"({"type":"hello","id":6,"version":1,"browser":"short"})"),
          std::string(R"({"type":"hello","id":6,"version":1,"browser":"has space in it....."})"),
          note_msg, reason_msg}) {
        refused(bad.c_str());
    }
}

TEST_CASE("review_case, player_banned and reported: the replies, byte for byte") {
    CaseView c;
    c.game = 812;
    c.player = {41, "ann"};
    c.mode = "daily";
    c.day = "2026-12-03";
    c.ruleset = "sackson";
    c.score = 241;
    c.par = 245;
    c.finished_at = "2026-12-03T09:12:44.120Z";
    c.status = "review";
    c.reason = "statistic";
    c.opened_at = "2026-12-03T09:12:44.900Z";
    c.reports = 1;
    c.priority = 2.345;
    CaseEvidence e;
    e.llr = 51.3;
    e.z = 4.1;
    e.tau = 0.625;
    e.decisions = 19;
    e.deciding = 6;
    e.flagged = true;
    e.threshold = {21.5, 2.9};
    e.week_llr = 51.3;
    e.week_z = 4.1;
    e.week_games = 1;
    e.week_deciding = 6;
    e.week_flagged = true;
    e.week_threshold = {33, 3.2};
    e.drivers = R"([{"index":7}])";
    c.evidence = e;
    c.linked.push_back({{57, "otter"}, 799, "address", "2026-12-03T08:58:02.004Z"});
    CHECK(encode_review_case(3, c) ==
          R"({"type":"review_case","re":3,"case":{"case":812,"game":812,"player":{"id":41,"name":"ann"},)"
          R"("mode":"daily","day":"2026-12-03","league":null,"ruleset":"sackson","score":241,"par":245,)"
          R"("finished_at":"2026-12-03T09:12:44.120Z","status":"review","reason":"statistic",)"
          R"("opened_at":"2026-12-03T09:12:44.900Z","decided_at":null,"decided_by":null,"note":"",)"
          R"("reports":1,"priority":2.35,"evidence":{"llr":51.30,"z":4.10,"tau":0.63,"decisions":19,)"
          R"("deciding":6,"flagged":true,"threshold":{"llr":21.50,"z":2.90},"week":{"llr":51.30,)"
          R"("z":4.10,"games":1,"deciding":6,"flagged":true,"threshold":{"llr":33.00,"z":3.20}},)"
          R"("drivers":[{"index":7}]},"linked":[{"player":{"id":57,"name":"otter"},"game":799,)"
          R"("via":"address","started_at":"2026-12-03T08:58:02.004Z"}]}})");
    CHECK(encode_review_queue(4, {}, std::nullopt) ==
          R"({"type":"review_queue","re":4,"cases":[],"next_cursor":null})");
    CHECK(encode_ban(5, {12, "Pat"}, true) ==
          R"({"type":"player_banned","re":5,"player":{"id":12,"name":"Pat"}})");
    CHECK(encode_ban(6, {12, "Pat"}, false) ==
          R"({"type":"player_unbanned","re":6,"player":{"id":12,"name":"Pat"}})");
    CHECK(encode_reported(7, 9) == R"({"type":"reported","re":7,"game":9})");
}

TEST_CASE("integrity drivers: every choice with its two values, in record notation") {
    pinfall::engine::IntegrityDecision d;
    d.index = 7;
    d.frame = 3;
    d.ball = 1;
    const int a[] = {1, 3};
    const int b[] = {2, 4};
    d.choices = {{pinfall::engine::Action::play(0, a), 198.424, 203},
                 {pinfall::engine::Action::play(1, b), 196.1, 212},
                 {pinfall::engine::Action::stop(), 150, 150}};
    d.played = 1;
    d.coach_best = 0;
    d.known_best = 1;
    d.llr = 12.4;
    d.q = 0.18;
    CHECK(encode_integrity_drivers({d}) ==
          R"([{"index":7,"frame":3,"ball":1,"played":"2:2,4","coach_best":"1:1,3","known_best":"2:2,4",)"
          R"("llr":12.40,"q":0.18,"choices":[{"action":"1:1,3","expected":198.42,"known":203},)"
          R"({"action":"2:2,4","expected":196.10,"known":212},{"action":"s","expected":150.00,"known":150}]}])");
    CHECK(encode_integrity_drivers({}) == "[]");
}
