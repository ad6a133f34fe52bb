// Black-box: settings and daily reminders by Web Push (issue 30, docs/protocol.md "Reminders and
// settings", docs/rules.md "Reminders") against a mock push service (push_mock.hpp) that checks
// each push's VAPID JWT with the key push_key gives and decrypts it with the device's own keys:
// settings and their refusals; a reminder arriving once at the chosen local hour ("streak at
// risk" for a player who played yesterday, "new daily" otherwise), none at night, none after
// reminders_stop or for a player who played today, a device the push service says is gone
// dropped; and across two nodes on PostgreSQL, one reminder a device, not two.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <csignal>
#include <thread>

#include "checked_game.hpp"
#include "http_get.hpp"
#include "push_mock.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace push_test {

// RFC 8291 Appendix A's user agent: a real point and auth secret no test holds the key of.
constexpr const char* kUaPublic =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
constexpr const char* kAuth = "BTBZMqHH6r4Tts7J_aSIgg";

std::vector<std::string> flags(const char* clock) {
    return {"--clock-start", clock, "--msg-rate", "0", "--guests-per-ip", "0",
            "--reminder-check-ms", "100", "--push-insecure-endpoints", "1"};
}

Json subscription(const std::string& endpoint, const std::string& p256dh, const std::string& auth) {
    return {{"endpoint", endpoint}, {"expirationTime", nullptr}, {"keys", {{"p256dh", p256dh}, {"auth", auth}}}};
}

Json subscribe(WsClient& c, const MockDevice& d, const std::string& zone, int hour) {
    const Json r = c.request({{"type", "push_subscribe"},
                              {"subscription", subscription(d.endpoint, d.p256dh, d.auth)},
                              {"time_zone", zone},
                              {"reminders", {{"new_daily", true}, {"streak_at_risk", true}, {"hour", hour}}}});
    INFO(r.dump());
    REQUIRE(r["type"] == "settings");
    CHECK(r["push"]["subscribed"] == true);
    return r;
}

Json expect_refusal(WsClient& c, const Json& msg, const std::string& code) {
    const Json r = c.request(msg);
    INFO(msg.dump() << " -> " << r.dump());
    CHECK(r["type"] == "error");
    CHECK(r["code"] == code);
    return r;
}

void resign_daily(WsClient& c) {
    const Json g = c.request({{"type", "daily_start"}});
    REQUIRE(g["type"] == "game");
    REQUIRE(c.request({{"type", "resign"}, {"game", g["game"]}})["type"] == "update");
}

std::string server_time(unsigned short port) {
    WsClient c(port);
    return c.hello()["time"];
}

TEST_CASE("push: settings and devices kept, each refusal changing nothing", "[storage]") {
    // No --push-insecure-endpoints: only https endpoints with a host name.
    ServerProcess server({"--clock-start", "2026-11-29T12:00:00Z", "--msg-rate", "0"});
    WsClient anon(server.port());
    anon.hello();
    const std::string key = anon.request({{"type", "push_key"}})["key"];
    CHECK(key.size() == 87);
    CHECK(key[0] == 'B');  // 0x04: an uncompressed point
    expect_refusal(anon, {{"type", "settings"}}, "login_required");
    expect_refusal(anon, {{"type", "reminders_stop"}}, "login_required");

    WsClient ann(server.port());
    const std::string ann_token = registered(ann, "Ann")["token"];
    Json s = ann.request({{"type", "settings"}});
    CHECK(s == Json::parse(R"({"type":"settings","re":)" + std::to_string(s["re"].get<int>()) +
                           R"(,"time_zone":"UTC","reminders":{"new_daily":true,"streak_at_risk":true,"hour":9},"push":{"subscribed":false,"devices":0}})"));
    // A time zone the zoneinfo lacks: refused, and the reminders given with it not set either.
    expect_refusal(ann, {{"type", "settings_set"}, {"time_zone", "Mars/Olympus"}, {"reminders", {{"hour", 20}}}},
                   "bad_time_zone");
    expect_refusal(ann, {{"type", "settings_set"}, {"time_zone", "posix/Europe/Paris"}}, "bad_time_zone");
    expect_refusal(ann, {{"type", "settings_set"}, {"time_zone", "../../etc/passwd"}}, "bad_time_zone");
    expect_refusal(ann, {{"type", "settings_set"}, {"time_zone", "zone.tab"}}, "bad_time_zone");
    CHECK(ann.request({{"type", "settings"}})["reminders"]["hour"] == 9);
    s = ann.request({{"type", "settings_set"}, {"time_zone", "America/New_York"}, {"reminders", {{"hour", 19}, {"new_daily", false}}}});
    CHECK(s["time_zone"] == "America/New_York");
    CHECK(s["reminders"] == Json::parse(R"({"new_daily":false,"streak_at_risk":true,"hour":19})"));

    const std::string endpoint = "https://push.example.net/send/ann";
    auto sub = [&](const std::string& e, const std::string& p, const std::string& a) {
        return Json{{"type", "push_subscribe"}, {"subscription", subscription(e, p, a)}, {"time_zone", "Europe/Paris"}};
    };
    expect_refusal(ann, sub("http://push.example.net/send/ann", kUaPublic, kAuth), "bad_subscription");
    expect_refusal(ann, sub("https://127.0.0.1/send/ann", kUaPublic, kAuth), "bad_subscription");
    expect_refusal(ann, sub("https://localhost/send/ann", kUaPublic, kAuth), "bad_subscription");
    expect_refusal(ann, sub("ftp://push.example.net/x", kUaPublic, kAuth), "bad_subscription");
    std::string off_curve = kUaPublic;
    off_curve[50] = off_curve[50] == 'A' ? 'B' : 'A';
    expect_refusal(ann, sub(endpoint, off_curve, kAuth), "bad_subscription");
    expect_refusal(ann, sub(endpoint, kUaPublic, "BTBZMqHH6r4Tts7J"), "bad_subscription");
    expect_refusal(ann, sub(endpoint, kUaPublic, "not base64!"), "bad_subscription");
    s = ann.request({{"type", "settings"}, {"endpoint", endpoint}});
    CHECK(s["time_zone"] == "America/New_York");  // the refused time zone was not set
    CHECK(s["push"] == Json::parse(R"({"subscribed":false,"devices":0})"));

    s = ann.request(sub(endpoint, kUaPublic, kAuth));
    CHECK(s["time_zone"] == "Europe/Paris");
    CHECK(s["push"] == Json::parse(R"({"subscribed":true,"devices":1})"));
    s = ann.request(sub("https://push.example.net/send/ann-laptop", kUaPublic, kAuth));
    CHECK(s["push"]["devices"] == 2);
    // Unsubscribing someone else's endpoint, or none of the player's, changes nothing.
    WsClient bob(server.port());
    registered(bob, "Bob");
    s = bob.request({{"type", "push_unsubscribe"}, {"endpoint", endpoint}});
    CHECK(s["push"] == Json::parse(R"({"subscribed":false,"devices":0})"));
    s = ann.request({{"type", "settings"}, {"endpoint", endpoint}});
    CHECK(s["push"] == Json::parse(R"({"subscribed":true,"devices":2})"));
    s = ann.request({{"type", "push_unsubscribe"}, {"endpoint", endpoint}});
    CHECK(s["push"] == Json::parse(R"({"subscribed":false,"devices":1})"));

    // The same endpoint subscribed by another player moves to that player.
    ann.request(sub(endpoint, kUaPublic, kAuth));
    s = bob.request(sub(endpoint, kUaPublic, kAuth));
    CHECK(s["push"] == Json::parse(R"({"subscribed":true,"devices":1})"));
    CHECK(ann.request({{"type", "settings"}})["push"]["devices"] == 1);

    // Kept over a restart: the settings and the key pair.
    const std::string dir = server.dir();
    REQUIRE(server.signal_and_wait(SIGTERM, 10s) == 0);
    ServerProcess again({"--clock-start", "2026-11-29T12:00:00Z"}, dir);
    WsClient c(again.port());
    c.hello();
    CHECK(c.request({{"type", "push_key"}})["key"] == key);
    const Json login = c.request({{"type", "login"}, {"token", ann_token}});
    REQUIRE(login["type"] == "logged_in");
    s = c.request({{"type", "settings"}, {"endpoint", "https://push.example.net/send/ann-laptop"}});
    CHECK(s["time_zone"] == "Europe/Paris");
    CHECK(s["reminders"]["hour"] == 19);
    CHECK(s["push"] == Json::parse(R"({"subscribed":true,"devices":1})"));
    s = c.request({{"type", "reminders_stop"}});
    CHECK(s["push"] == Json::parse(R"({"subscribed":false,"devices":0})"));
}

TEST_CASE("push: a reminder arrives once at the chosen local hour, never at night, stopped and gone devices",
          "[storage]") {
    PushMock mock;
    // Day 1: Ann plays (resigns) the daily, so on day 2 her 1-day streak is at risk.
    ScratchDir scratch("push");
    const std::string dir = scratch.path();
    std::string ann_token;
    {
        ServerProcess day1(flags("2026-11-28T12:00:00Z"), dir);
        WsClient ann(day1.port());
        ann_token = registered(ann, "Ann")["token"];
        resign_daily(ann);
        REQUIRE(day1.signal_and_wait(SIGTERM, 10s) == 0);
    }
    // Day 2, fifteen seconds before 09:00 in New York (14:00 UTC; 23:00 in Tokyo): time to
    // set everything up first, even under ASan on a loaded machine.
    ServerProcess server(flags("2026-11-29T13:59:45Z"), dir);
    WsClient ann(server.port());
    ann.hello();
    REQUIRE(ann.request({{"type", "login"}, {"token", ann_token}})["type"] == "logged_in");
    mock.expect_key(ann.request({{"type", "push_key"}})["key"]);

    struct Who {
        std::string name, zone;
        int hour;
        std::unique_ptr<WsClient> c;
        MockDevice device;
    };
    std::vector<Who> who;
    for (const auto& [name, zone, hour] : std::vector<std::tuple<std::string, std::string, int>>{
             {"Dan", "America/New_York", 9},   // stops all reminders first
             {"Bob", "America/New_York", 9},   // new daily at 09:00 New York
             {"Cat", "Asia/Tokyo", 9},         // 23:00 in Tokyo: night, nothing
             {"Eve", "America/New_York", 9},   // the push service says 410: dropped
             {"Fay", "America/New_York", 9},   // plays today's daily first: nothing
             {"Gus", "America/New_York", 10},  // 10:00 New York: not yet
             {"Hal", "America/New_York", 23}}) {  // a night hour means 07:00: due at once
        Who w{name, zone, hour, std::make_unique<WsClient>(server.port()), mock.add_device()};
        registered(*w.c, name);
        who.push_back(std::move(w));
    }
    const MockDevice ann_device = mock.add_device();
    subscribe(ann, ann_device, "America/New_York", 9);
    for (auto& w : who) {
        if (w.name == "Fay") resign_daily(*w.c);
        subscribe(*w.c, w.device, w.zone, w.hour);
        if (w.name == "Dan") {
            const Json s = w.c->request({{"type", "reminders_stop"}});
            CHECK(s["push"] == Json::parse(R"({"subscribed":false,"devices":0})"));
        }
        if (w.name == "Eve") mock.set_status(w.device.n, 410);
    }
    if (server_time(server.port()) < "2026-11-29T13:59:59") {
        // Before 09:00 in New York only Hal's (due from 07:00) may have come.
        CHECK(mock.count() == mock.pushes_to(who[6].device.n).size());
    }

    // Ann (streak), Bob, Eve (answered 410) and Hal (a night hour means 07:00, so due at once).
    REQUIRE(mock.wait_count(4, 40s));
    std::this_thread::sleep_for(1500ms);  // many more checks: nothing more comes
    CHECK(mock.count() == 4);
    CHECK(server_time(server.port()) >= "2026-11-29T14:00:00");
    for (const auto& p : mock.pushes()) {
        INFO(p.problem << " " << p.claims);
        CHECK(p.jwt_ok);
        CHECK(p.decrypted);
        CHECK(p.encoding == "aes128gcm");
        CHECK(p.topic == "daily");
        CHECK(p.urgency == "normal");
        CHECK(std::stoi(p.ttl) > 35000);  // until 00:00 UTC, the daily's end
        CHECK(std::stoi(p.ttl) <= 36100);  // Hal's came before 14:00
        const Json claims = Json::parse(p.claims);
        CHECK(claims["sub"] == "mailto:admin@pinfall.invalid");
        CHECK(claims["aud"] == mock.origin());
    }
    auto payload = [&](const MockDevice& d) {
        const auto got = mock.pushes_to(d.n);
        REQUIRE(got.size() == 1);
        return Json::parse(got[0].payload);
    };
    CHECK(payload(ann_device) ==
          Json::parse(R"({"title":"Your 1-day streak is at risk","body":"Play today's daily before 19:00 your time to keep it.","url":"/#/daily"})"));
    CHECK(payload(who[1].device) ==
          Json::parse(R"({"title":"Today's Pinfall daily is out","body":"A new deal is waiting for you.","url":"/#/daily"})"));
    CHECK(payload(who[3].device)["title"] == "Today's Pinfall daily is out");
    CHECK(payload(who[6].device)["title"] == "Today's Pinfall daily is out");
    for (const int i : {0, 2, 4, 5}) CHECK(mock.pushes_to(who[i].device.n).empty());

    CHECK(metric(server.port(), "pinfall_reminders_sent_total") == 3);
    CHECK(metric(server.port(), "pinfall_reminders_gone_total") == 1);
    CHECK(metric(server.port(), "pinfall_reminders_failed_total") == 0);
    // Eve's device is gone: dropped, her settings say so.
    const Json eve = who[3].c->request({{"type", "settings"}, {"endpoint", who[3].device.endpoint}});
    CHECK(eve["push"] == Json::parse(R"({"subscribed":false,"devices":0})"));
    // Ann's is still subscribed; she gets no second reminder today.
    CHECK(ann.request({{"type", "settings"}, {"endpoint", ann_device.endpoint}})["push"]["subscribed"] == true);
}

TEST_CASE("push: two nodes on PostgreSQL send one reminder a device, not two", "[storage][postgres][cluster]") {
    PushMock mock;
    ServerProcess a([] {
        auto f = flags("2026-11-29T13:59:54Z");
        f.insert(f.end(), {"--node-id", "node-a"});
        return f;
    }());
    ServerProcess b([] {
        auto f = flags("2026-11-29T13:59:54Z");
        f.insert(f.end(), {"--node-id", "node-b"});
        return f;
    }(), a.dir());
    WsClient ca(a.port()), cb(b.port());
    ca.hello();
    cb.hello();
    const std::string key = ca.request({{"type", "push_key"}})["key"];
    CHECK(cb.request({{"type", "push_key"}})["key"] == key);  // one pair per database
    mock.expect_key(key);
    constexpr int kPlayers = 12;
    std::vector<std::unique_ptr<WsClient>> players;
    std::vector<MockDevice> devices;
    for (int i = 0; i < kPlayers; ++i) {
        players.push_back(std::make_unique<WsClient>(i % 2 ? b.port() : a.port()));
        registered(*players.back(), "Player " + std::to_string(i));
        devices.push_back(mock.add_device());
        subscribe(*players.back(), devices.back(), "America/New_York", 9);
    }
    REQUIRE(mock.wait_count(kPlayers, 30s));
    std::this_thread::sleep_for(2s);  // both nodes look every 100 ms
    CHECK(mock.count() == kPlayers);
    for (const auto& d : devices) {
        const auto got = mock.pushes_to(d.n);
        REQUIRE(got.size() == 1);
        CHECK(got[0].jwt_ok);
        CHECK(got[0].decrypted);
    }
}

TEST_CASE("push: reminders over TLS reach a push service whose certificate verifies, and no other") {
    PushMock mock(/*tls=*/true);
    REQUIRE_FALSE(mock.cert_file().empty());
    auto flags_with = [](std::vector<std::string> extra) {
        auto f = flags("2026-11-29T13:59:57Z");
        f.insert(f.end(), extra.begin(), extra.end());
        return f;
    };
    // Trusting the mock's certificate: the reminder arrives, its aud the https origin.
    ServerProcess trusting(flags_with({"--push-ca-file", mock.cert_file()}));
    WsClient ann(trusting.port());
    registered(ann, "Ann");
    mock.expect_key(ann.request({{"type", "push_key"}})["key"]);
    const MockDevice anns = mock.add_device();
    CHECK(anns.endpoint.rfind("https://127.0.0.1:", 0) == 0);
    subscribe(ann, anns, "America/New_York", 9);
    REQUIRE(mock.wait_count(1, 20s));
    const auto got = mock.pushes_to(anns.n);
    REQUIRE(got.size() == 1);
    INFO(got[0].problem);
    CHECK(got[0].jwt_ok);
    CHECK(got[0].decrypted);
    CHECK(Json::parse(got[0].claims)["aud"] == mock.origin());

    // A server that does not trust it: the TLS handshake fails, nothing is delivered, and the
    // device stays (a failure is not a device gone).
    ServerProcess wary(flags_with({}));
    WsClient bob(wary.port());
    registered(bob, "Bob");
    mock.expect_key(bob.request({{"type", "push_key"}})["key"]);
    const MockDevice bobs = mock.add_device();
    subscribe(bob, bobs, "America/New_York", 9);
    const auto deadline = std::chrono::steady_clock::now() + 20s;
    while (mock.tls_failures() == 0 && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(50ms);
    }
    CHECK(mock.tls_failures() >= 1);
    std::this_thread::sleep_for(500ms);
    CHECK(mock.pushes_to(bobs.n).empty());
    CHECK(metric(wary.port(), "pinfall_reminders_failed_total") >= 1);
    CHECK(metric(trusting.port(), "pinfall_reminders_sent_total") == 1);
    CHECK(bob.request({{"type", "settings"}, {"endpoint", bobs.endpoint}})["push"]["subscribed"] == true);
}

}  // namespace push_test
