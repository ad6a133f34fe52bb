// Settings and Web Push devices (schema 14), on both backends: settings default until set and
// read back; the VAPID key pair made once (the second offer gets the first pair); a device
// subscribed, re-subscribed (same id, new keys, moved to another player), unsubscribed one by
// one or all at once, at most 10 live per player; due devices in due order; one claim per
// device and day (a second a conflict that leaves the transaction usable); sent, gone and
// expired devices and claims.
#include <catch2/catch.hpp>

#include "temp_db.hpp"

namespace push_test {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

PushSubscriptionRow device(PlayerId player, const std::string& endpoint, Millis at,
                           Millis due = 0) {
    PushSubscriptionRow r;
    r.endpoint = endpoint;
    r.p256dh = "key-" + endpoint;
    r.auth = "auth-" + endpoint;
    r.player = player;
    r.created_at = at;
    r.due_at = due;
    return r;
}

std::int64_t subscribe(Store& store, const PushSubscriptionRow& r) {
    std::int64_t id = 0;
    REQUIRE(store.push().subscribe(r, &id).is_ok());
    REQUIRE(id > 0);
    return id;
}

std::vector<std::string> endpoints(const std::vector<PushSubscriptionRow>& rows) {
    std::vector<std::string> out;
    for (const auto& r : rows) out.push_back(r.endpoint);
    return out;
}

TEST_CASE("push: settings are the defaults until set, then read back") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    auto& push = store->push();
    const auto d = push.settings(ann);
    CHECK(d.time_zone == "UTC");
    CHECK(d.new_daily);
    CHECK(d.streak_at_risk);
    CHECK(d.hour == 9);

    REQUIRE(push.set_settings(ann, {"Europe/Paris", false, true, 19}).is_ok());
    auto s = push.settings(ann);
    CHECK(s.time_zone == "Europe/Paris");
    CHECK_FALSE(s.new_daily);
    CHECK(s.streak_at_risk);
    CHECK(s.hour == 19);
    REQUIRE(push.set_settings(ann, {"America/New_York", true, false, 0}).is_ok());
    s = push.settings(ann);
    CHECK(s.time_zone == "America/New_York");
    CHECK(s.new_daily);
    CHECK_FALSE(s.streak_at_risk);
    CHECK(s.hour == 0);
    // An hour outside 0-23 is refused by the schema.
    CHECK_FALSE(push.set_settings(ann, {"UTC", true, true, 24}).is_ok());
    CHECK(push.settings(ann).hour == 0);
}

TEST_CASE("push: the VAPID key pair is stored once and every later offer gets it") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    VapidKeyRow got;
    REQUIRE(store->push().vapid_key({"private-1", "public-1", 100}, &got).is_ok());
    CHECK(got.private_key == "private-1");
    CHECK(got.public_key == "public-1");
    CHECK(got.created_at == 100);
    VapidKeyRow again;
    REQUIRE(store->push().vapid_key({"private-2", "public-2", 200}, &again).is_ok());
    CHECK(again.private_key == "private-1");
    CHECK(again.public_key == "public-1");
    // Another store on the same database (another node) gets the same pair.
    auto other = test::open_store(dir.db());
    VapidKeyRow third;
    REQUIRE(other->push().vapid_key({"private-3", "public-3", 300}, &third).is_ok());
    CHECK(third.private_key == "private-1");
}

TEST_CASE("push: devices are subscribed, moved, unsubscribed and kept to 10 a player") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    auto& push = store->push();

    const auto phone = subscribe(*store, device(ann, "https://push.test/phone", 1000, 5000));
    const auto laptop = subscribe(*store, device(ann, "https://push.test/laptop", 2000, 6000));
    CHECK(laptop > phone);
    CHECK(push.devices(ann) == 2);
    CHECK(push.subscribed(ann, "https://push.test/phone"));
    CHECK_FALSE(push.subscribed(bob, "https://push.test/phone"));
    auto rows = push.subscriptions_of(ann);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].id == phone);
    CHECK(rows[0].endpoint == "https://push.test/phone");
    CHECK(rows[0].p256dh == "key-https://push.test/phone");
    CHECK(rows[0].auth == "auth-https://push.test/phone");
    CHECK(rows[0].player == ann);
    CHECK(rows[0].created_at == 1000);
    CHECK(rows[0].due_at == 5000);
    CHECK_FALSE(rows[0].last_sent_day);
    CHECK_FALSE(rows[0].gone_at);

    // The same endpoint again: same id, new keys; the day sent is kept for the same player.
    REQUIRE(push.mark_sent(phone, "2026-12-03", 9000).is_ok());
    auto again = device(ann, "https://push.test/phone", 3000, 7000);
    again.p256dh = "new-key";
    CHECK(subscribe(*store, again) == phone);
    rows = push.subscriptions_of(ann);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].p256dh == "new-key");
    CHECK(rows[0].due_at == 7000);
    CHECK(rows[0].last_sent_day == std::optional<std::string>("2026-12-03"));
    // ... and moves to another player who subscribes it, forgetting the day sent.
    CHECK(subscribe(*store, device(bob, "https://push.test/phone", 4000)) == phone);
    CHECK(push.devices(ann) == 1);
    CHECK(push.devices(bob) == 1);
    CHECK(push.subscribed(bob, "https://push.test/phone"));
    CHECK_FALSE(push.subscriptions_of(bob).at(0).last_sent_day);

    // Unsubscribing: only the player's own device.
    bool removed = true;
    REQUIRE(push.unsubscribe(ann, "https://push.test/phone", &removed).is_ok());
    CHECK_FALSE(removed);
    CHECK(push.devices(bob) == 1);
    REQUIRE(push.unsubscribe(bob, "https://push.test/phone", &removed).is_ok());
    CHECK(removed);
    CHECK(push.devices(bob) == 0);

    // At most 10 live devices: the 11th takes the place of the one subscribed longest ago.
    for (int i = 0; i < 10; ++i) {
        subscribe(*store, device(ann, "https://push.test/d" + std::to_string(i), 10000 + i));
    }
    CHECK(push.devices(ann) == 10);
    CHECK_FALSE(push.subscribed(ann, "https://push.test/laptop"));
    CHECK(push.subscribed(ann, "https://push.test/d0"));
    // A gone device does not count, and is not live.
    const auto d9 = push.subscriptions_of(ann).back();
    CHECK(d9.endpoint == "https://push.test/d9");
    REQUIRE(push.mark_gone(d9.id, 50000).is_ok());
    CHECK(push.devices(ann) == 9);
    CHECK_FALSE(push.subscribed(ann, "https://push.test/d9"));
    subscribe(*store, device(ann, "https://push.test/d10", 20000));
    CHECK(push.devices(ann) == 10);
    CHECK(push.subscribed(ann, "https://push.test/d0"));
    // Subscribing a gone endpoint again makes it live.
    CHECK(subscribe(*store, device(ann, "https://push.test/d9", 30000)) == d9.id);
    CHECK(push.devices(ann) == 10);
    CHECK(push.subscribed(ann, "https://push.test/d9"));
    CHECK_FALSE(push.subscribed(ann, "https://push.test/d0"));

    int count = -1;
    REQUIRE(push.unsubscribe_all(ann, &count).is_ok());
    CHECK(count == 10);
    CHECK(push.devices(ann) == 0);
    CHECK(push.subscriptions_of(ann).empty());
}

TEST_CASE("push: due devices, one claim a device and day, sent, gone and expired") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    auto& push = store->push();
    const auto a = subscribe(*store, device(ann, "https://push.test/a", 1000, 3000));
    const auto b = subscribe(*store, device(bob, "https://push.test/b", 1000, 2000));
    const auto c = subscribe(*store, device(bob, "https://push.test/c", 1000, 9000));

    CHECK(endpoints(push.due(1999, 10)).empty());
    CHECK(endpoints(push.due(3000, 10)) ==
          std::vector<std::string>{"https://push.test/b", "https://push.test/a"});
    CHECK(endpoints(push.due(3000, 1)) == std::vector<std::string>{"https://push.test/b"});
    REQUIRE(push.set_due(b, 8000).is_ok());
    CHECK(endpoints(push.due(8500, 10)) ==
          std::vector<std::string>{"https://push.test/a", "https://push.test/b"});

    // One claim per device and day, on any node; the conflict leaves the transaction usable.
    CHECK(push.claim(a, "2026-12-03", "node-1", 4000).is_ok());
    REQUIRE(store->begin().is_ok());
    CHECK(push.claim(a, "2026-12-03", "node-2", 4001).is_conflict());
    CHECK(push.claim(a, "2026-12-04", "node-2", 4002).is_ok());
    CHECK(push.claim(b, "2026-12-03", "node-2", 4003).is_ok());
    REQUIRE(push.mark_sent(a, "2026-12-03", 90000).is_ok());
    REQUIRE(store->commit().is_ok());
    CHECK(push.claim(a, "2026-12-04", "node-1", 5000).is_conflict());
    const auto rows = push.subscriptions_of(ann);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].last_sent_day == std::optional<std::string>("2026-12-03"));
    CHECK(rows[0].due_at == 90000);
    CHECK(endpoints(push.due(9000, 10)) ==
          std::vector<std::string>{"https://push.test/b", "https://push.test/c"});

    // A gone device is never due; gone twice keeps the first time.
    REQUIRE(push.mark_gone(c, 6000).is_ok());
    REQUIRE(push.mark_gone(c, 7000).is_ok());
    CHECK(endpoints(push.due(100000, 10)) ==
          std::vector<std::string>{"https://push.test/b", "https://push.test/a"});

    // Expiry: claims made before the instant, devices gone before it.
    int count = -1;
    REQUIRE(push.expire(4002, &count).is_ok());
    CHECK(count == 1);  // a's 2026-12-03 claim (4000); the 2026-12-04 one was made at 4002
    CHECK(push.claim(a, "2026-12-03", "node-1", 10000).is_ok());
    CHECK(push.claim(b, "2026-12-03", "node-1", 10000).is_conflict());
    REQUIRE(push.expire(6001, &count).is_ok());
    CHECK(count == 3);  // a's 2026-12-04 claim (4002), b's (4003) and the gone device c (6000)
    CHECK(test::query_text(store->db(), "SELECT count(*) FROM push_subscriptions") == "2");
}

}  // namespace push_test
