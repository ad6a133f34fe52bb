// Reminders and settings (docs/protocol.md "Reminders and settings"): each request decoded with
// its fields (a browser's PushSubscription.toJSON() as it comes) and its refusals; settings,
// push_key and the reminder's payload byte for byte as the section quotes them.
#include <catch2/catch.hpp>

#include "protocol/messages.hpp"
#include "protocol/push.hpp"

namespace push_protocol_test {

using namespace pinfall::protocol;

SettingsRequest settings_of(const char* text) {
    const auto d = decode_request(text, kDefaultMaxDepth);
    INFO(text);
    REQUIRE(std::holds_alternative<Request>(d));
    const auto& body = std::get<Request>(d).body;
    REQUIRE(std::holds_alternative<SettingsRequest>(body));
    return std::get<SettingsRequest>(body);
}

void refused(const char* text) {
    INFO(text);
    const auto d = decode_request(text, kDefaultMaxDepth);
    REQUIRE(std::holds_alternative<DecodeError>(d));
    CHECK(std::string(std::get<DecodeError>(d).code) == "bad_request");
}

TEST_CASE("settings requests: decoded with their fields, any subset of the choices") {
    using A = SettingsAction;
    auto m = settings_of(R"({"type":"settings","id":1})");
    CHECK(m.action == A::kGet);
    CHECK_FALSE(m.endpoint);
    m = settings_of(R"({"type":"settings","id":1,"endpoint":"https://push.example.net/send/abc"})");
    CHECK(m.endpoint == "https://push.example.net/send/abc");

    m = settings_of(R"({"type":"settings_set","id":4,"reminders":{"hour":19},"endpoint":"https://p/x"})");
    CHECK(m.action == A::kSet);
    REQUIRE(m.reminders);
    CHECK(m.reminders->hour == 19);
    CHECK_FALSE(m.reminders->new_daily);
    CHECK_FALSE(m.reminders->streak_at_risk);
    CHECK_FALSE(m.time_zone);
    CHECK(m.endpoint == "https://p/x");
    m = settings_of(R"({"type":"settings_set","id":4,"time_zone":"Europe/Paris","reminders":{"new_daily":false,"streak_at_risk":true,"hour":0}})");
    CHECK(m.time_zone == "Europe/Paris");
    CHECK(m.reminders->new_daily == false);
    CHECK(m.reminders->streak_at_risk == true);
    CHECK(m.reminders->hour == 0);
    m = settings_of(R"({"type":"settings_set","id":4})");
    CHECK_FALSE(m.reminders);
    CHECK_FALSE(m.time_zone);

    m = settings_of(R"({"type":"push_subscribe","id":3,"subscription":{"endpoint":"https://push.example.net/send/abc","expirationTime":null,"keys":{"p256dh":"BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4","auth":"BTBZMqHH6r4Tts7J_aSIgg"}},"reminders":{"new_daily":true,"streak_at_risk":true,"hour":9},"time_zone":"Europe/Paris"})");
    CHECK(m.action == A::kSubscribe);
    CHECK(m.endpoint == "https://push.example.net/send/abc");
    CHECK(m.p256dh == "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4");
    CHECK(m.auth == "BTBZMqHH6r4Tts7J_aSIgg");
    CHECK(m.reminders->hour == 9);
    CHECK(m.time_zone == "Europe/Paris");
    m = settings_of(R"({"type":"push_subscribe","id":3,"subscription":{"endpoint":"https://p/x","expirationTime":1767225600000,"keys":{"p256dh":"k","auth":"a"}}})");
    CHECK_FALSE(m.reminders);
    m = settings_of(R"({"type":"push_subscribe","id":3,"subscription":{"endpoint":"https://p/x","keys":{"p256dh":"k","auth":"a"}}})");
    CHECK(m.p256dh == "k");

    m = settings_of(R"({"type":"push_unsubscribe","id":5,"endpoint":"https://p/x"})");
    CHECK(m.action == A::kUnsubscribe);
    CHECK(m.endpoint == "https://p/x");
    CHECK(settings_of(R"({"type":"reminders_stop","id":5})").action == A::kStop);
    const auto d = decode_request(R"({"type":"push_key","id":2})", kDefaultMaxDepth);
    REQUIRE(std::holds_alternative<Request>(d));
    CHECK(std::holds_alternative<PushKeyRequest>(std::get<Request>(d).body));
}

TEST_CASE("settings requests: shapes and ranges refused as bad_request") {
    refused(R"({"type":"settings","id":1,"endpoint":""})");
    refused(R"({"type":"settings","id":1,"endpoint":7})");
    refused(R"({"type":"settings","id":1,"time_zone":"UTC"})");
    refused(R"({"type":"settings_set","id":1,"reminders":{"hour":24}})");
    refused(R"({"type":"settings_set","id":1,"reminders":{"hour":-1}})");
    refused(R"({"type":"settings_set","id":1,"reminders":{"hour":9.0}})");
    refused(R"({"type":"settings_set","id":1,"reminders":{"new_daily":1}})");
    refused(R"({"type":"settings_set","id":1,"reminders":{"weekly":true}})");
    refused(R"({"type":"settings_set","id":1,"reminders":true})");
    refused(R"({"type":"settings_set","id":1,"time_zone":5})");
    refused(R"({"type":"push_subscribe","id":1})");
    refused(R"({"type":"push_subscribe","id":1,"subscription":{"endpoint":"https://p/x"}})");
    refused(R"({"type":"push_subscribe","id":1,"subscription":{"endpoint":"https://p/x","keys":{"p256dh":"k"}}})");
    refused(R"({"type":"push_subscribe","id":1,"subscription":{"endpoint":"https://p/x","keys":{"p256dh":"k","auth":"a","x":1}}})");
    refused(R"({"type":"push_subscribe","id":1,"subscription":{"endpoint":"https://p/x","expirationTime":"soon","keys":{"p256dh":"k","auth":"a"}}})");
    refused(R"({"type":"push_subscribe","id":1,"subscription":{"endpoint":"https://p/x","keys":{"p256dh":"k","auth":"a"}},"endpoint":"https://p/x"})");
    refused(R"({"type":"push_unsubscribe","id":1})");
    refused(R"({"type":"reminders_stop","id":1,"all":true})");
    refused(R"({"type":"push_key","id":1,"format":"raw"})");
    std::string long_endpoint = R"({"type":"push_unsubscribe","id":1,"endpoint":"https://p/)" +
                                std::string(2048, 'x') + R"("})";
    refused(long_endpoint.c_str());
}

TEST_CASE("settings, push_key and the reminder payload byte for byte") {
    SettingsView v;
    v.time_zone = "Europe/Paris";
    v.new_daily = true;
    v.streak_at_risk = true;
    v.hour = 9;
    v.subscribed = true;
    v.devices = 1;
    CHECK(encode_settings(3, v) ==
          R"({"type":"settings","re":3,"time_zone":"Europe/Paris","reminders":{"new_daily":true,"streak_at_risk":true,"hour":9},"push":{"subscribed":true,"devices":1}})");
    v.hour = 19;
    v.subscribed = false;
    v.devices = 0;
    CHECK(encode_settings(5, v) ==
          R"({"type":"settings","re":5,"time_zone":"Europe/Paris","reminders":{"new_daily":true,"streak_at_risk":true,"hour":19},"push":{"subscribed":false,"devices":0}})");
    CHECK(encode_push_key(2, "BDd3_hVL9fZi9Ybo2UUzA284WG5FZR30_95YeZJsiApwXKpNcF1rRPF3foIiBHXRdJI2Qhumhf6_LFTeZaNndIo") ==
          R"({"type":"push_key","re":2,"key":"BDd3_hVL9fZi9Ybo2UUzA284WG5FZR30_95YeZJsiApwXKpNcF1rRPF3foIiBHXRdJI2Qhumhf6_LFTeZaNndIo"})");
    CHECK(encode_reminder("Today's Pinfall daily is out", "A new deal is waiting for you.", "/#/daily") ==
          R"({"title":"Today's Pinfall daily is out","body":"A new deal is waiting for you.","url":"/#/daily"})");
    CHECK(encode_reminder("Your 5-day streak is at risk", "Play today's daily before 01:00 your time to keep it.", "/#/daily") ==
          R"({"title":"Your 5-day streak is at risk","body":"Play today's daily before 01:00 your time to keep it.","url":"/#/daily"})");
}

}  // namespace push_protocol_test
