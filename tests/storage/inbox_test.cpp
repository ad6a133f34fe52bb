// The inbox's notices (schema 13), on both backends: written once per player and key (a second
// write a conflict that writes nothing and leaves the caller's transaction usable), read back
// field by field; pages newest first below an id; unread counts; one notice or all marked read
// (another player's notice not found, a read one keeping its time); expiry by creation time,
// ids never handed out again.
#include <catch2/catch.hpp>

#include "temp_db.hpp"

namespace inbox_test {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

NoticeRow notice(PlayerId player, const std::string& key, Millis at,
                 const std::string& kind = "friend_passed") {
    NoticeRow n;
    n.player = player;
    n.kind = kind;
    n.key = key;
    n.body = "{\"key\":\"" + key + "\"}";
    n.created_at = at;
    return n;
}

std::int64_t add_notice(Store& store, const NoticeRow& n) {
    std::int64_t id = 0;
    REQUIRE(store.inbox().add(n, &id).is_ok());
    REQUIRE(id > 0);
    return id;
}

std::vector<std::int64_t> notice_ids(const std::vector<NoticeRow>& rows) {
    std::vector<std::int64_t> out;
    for (const auto& r : rows) out.push_back(r.id);
    return out;
}

TEST_CASE("inbox: a notice is written once per player and key, read back field by field") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    auto& in = store->inbox();

    NoticeRow n = notice(ann, "arena_starting:12:7", 5000, "arena_starting");
    n.body = "{\"arena\":12,\"name\":\"Hourly \\u00e9\"}";
    n.id = 999;      // ignored
    n.read_at = 77;  // ignored
    const std::int64_t first = add_notice(*store, n);
    CHECK(first != 999);

    std::int64_t id = -1;
    const Status again = in.add(notice(ann, "arena_starting:12:7", 6000), &id);
    CHECK(again.is_conflict());
    CHECK(id == -1);
    // The same key for another player is another notice.
    const std::int64_t bobs = add_notice(*store, notice(bob, "arena_starting:12:7", 6000));
    CHECK(bobs > first);

    const auto page = in.page(ann, 0, 10);
    REQUIRE(page.size() == 1);
    CHECK(page[0].id == first);
    CHECK(page[0].player == ann);
    CHECK(page[0].kind == "arena_starting");
    CHECK(page[0].key == "arena_starting:12:7");
    CHECK(page[0].body == "{\"arena\":12,\"name\":\"Hourly \\u00e9\"}");
    CHECK(page[0].created_at == 5000);
    CHECK_FALSE(page[0].read_at);
    CHECK(in.unread(ann) == 1);
    CHECK(in.unread(bob) == 1);

    // Inside a transaction: the conflict writes nothing and the next write still commits.
    REQUIRE(store->begin().is_ok());
    CHECK(in.add(notice(ann, "arena_starting:12:7", 7000), &id).is_conflict());
    const std::int64_t next = add_notice(*store, notice(ann, "round_opened:3:2", 7000));
    REQUIRE(store->commit().is_ok());
    CHECK(next > bobs);
    CHECK(notice_ids(in.page(ann, 0, 10)) == std::vector<std::int64_t>{next, first});
    CHECK(in.page(ann, 0, 10)[1].created_at == 5000);
}

TEST_CASE("inbox: pages newest first by id, below an id, at most limit, the player's only") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    auto& in = store->inbox();
    std::vector<std::int64_t> ids;
    for (int i = 0; i < 5; ++i) {
        // created_at falls as ids rise: the order is the ids'.
        ids.push_back(add_notice(*store, notice(ann, "k" + std::to_string(i), 10000 - i)));
        add_notice(*store, notice(bob, "k" + std::to_string(i), 10000));
    }
    CHECK(notice_ids(in.page(ann, 0, 10)) ==
          std::vector<std::int64_t>{ids[4], ids[3], ids[2], ids[1], ids[0]});
    CHECK(notice_ids(in.page(ann, 0, 2)) == std::vector<std::int64_t>{ids[4], ids[3]});
    CHECK(notice_ids(in.page(ann, ids[3], 2)) == std::vector<std::int64_t>{ids[2], ids[1]});
    CHECK(notice_ids(in.page(ann, ids[1], 2)) == std::vector<std::int64_t>{ids[0]});
    CHECK(in.page(ann, ids[0], 10).empty());
    for (const auto& n : in.page(bob, 0, 10)) CHECK(n.player == bob);
    CHECK(in.page(bob, 0, 10).size() == 5);
    CHECK(in.page(test::add_player(*store, "cy"), 0, 10).empty());
}

TEST_CASE("inbox: unread counted, one notice or all marked read, another's notice not found") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    auto& in = store->inbox();
    const std::int64_t a1 = add_notice(*store, notice(ann, "a1", 1000));
    const std::int64_t a2 = add_notice(*store, notice(ann, "a2", 1100));
    const std::int64_t a3 = add_notice(*store, notice(ann, "a3", 1200));
    const std::int64_t b1 = add_notice(*store, notice(bob, "b1", 1300));
    CHECK(in.unread(ann) == 3);
    CHECK(in.unread(bob) == 1);

    REQUIRE(in.mark_read(ann, a2, 2000).is_ok());
    CHECK(in.unread(ann) == 2);
    REQUIRE(in.mark_read(ann, a2, 3000).is_ok());  // read already: ok, keeps its time
    const auto second = in.page(ann, a3, 1);
    REQUIRE(second.size() == 1);
    CHECK(second[0].id == a2);
    CHECK(second[0].read_at == std::optional<Millis>(2000));
    CHECK(in.mark_read(ann, b1, 2000).is_not_found());  // bob's
    CHECK(in.mark_read(ann, b1 + 100, 2000).is_not_found());
    CHECK(in.unread(bob) == 1);

    int count = -1;
    REQUIRE(in.mark_all_read(ann, 4000, &count).is_ok());
    CHECK(count == 2);
    CHECK(in.unread(ann) == 0);
    const auto page = in.page(ann, 0, 10);
    REQUIRE(page.size() == 3);
    CHECK(page[0].id == a3);
    CHECK(page[0].read_at == std::optional<Millis>(4000));
    CHECK(page[1].read_at == std::optional<Millis>(2000));  // read before, not again
    CHECK(page[2].id == a1);
    CHECK(page[2].read_at == std::optional<Millis>(4000));
    REQUIRE(in.mark_all_read(ann, 5000, &count).is_ok());
    CHECK(count == 0);
    CHECK(in.unread(bob) == 1);
    const auto bobs = in.page(bob, 0, 10);
    REQUIRE(bobs.size() == 1);
    CHECK_FALSE(bobs[0].read_at);
}

TEST_CASE("inbox: expire deletes the notices created before a time, ids never reused") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    auto& in = store->inbox();
    const std::int64_t old_ann = add_notice(*store, notice(ann, "old", 1000));
    add_notice(*store, notice(bob, "old", 1999));
    const std::int64_t edge = add_notice(*store, notice(ann, "edge", 2000));
    const std::int64_t fresh = add_notice(*store, notice(ann, "fresh", 3000));

    int count = -1;
    REQUIRE(in.expire(2000, &count).is_ok());
    CHECK(count == 2);
    CHECK(notice_ids(in.page(ann, 0, 10)) == std::vector<std::int64_t>{fresh, edge});
    CHECK(in.page(bob, 0, 10).empty());
    CHECK(in.unread(bob) == 0);
    REQUIRE(in.expire(2000, &count).is_ok());
    CHECK(count == 0);
    // An expired key may be written again, as a new notice.
    const std::int64_t again = add_notice(*store, notice(ann, "old", 4000));
    CHECK(again > fresh);
    CHECK(again != old_ann);

    // Every notice gone, the next id still follows the last one handed out.
    REQUIRE(in.expire(10000, &count).is_ok());
    CHECK(count == 3);
    const std::int64_t after = add_notice(*store, notice(bob, "after", 11000));
    CHECK(after > again);
}

}  // namespace inbox_test
