// Follows, blocks and friend invites (schema 13), on both backends: follow and unfollow with
// their conflicts and an unknown player, refused without spoiling the caller's transaction; a
// block drops both follows and refuses a follow either way until unblocked; friends are the
// mutual follows; the lists newest first with names, at most limit; counts; invite tokens set,
// replaced (the old one stops working) and never shared. On PostgreSQL: the new columns' types,
// and the rows copied from SQLite (with the inbox's notices, their ids kept).
#include <catch2/catch.hpp>

#include <algorithm>

#include "storage/copy.hpp"
#include "temp_db.hpp"

namespace social_test {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

std::vector<PlayerId> sorted_ids(std::vector<PlayerId> ids) {
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::vector<PlayerId> link_ids(const std::vector<SocialLink>& links) {
    std::vector<PlayerId> out;
    for (const auto& l : links) out.push_back(l.player);
    return out;
}

TEST_CASE("social: follow and unfollow, once each, an unknown player not found") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    auto& s = store->social();

    CHECK(s.follow_count(ann) == 0);
    REQUIRE(s.follow(ann, bob, 2000).is_ok());
    const Status again = s.follow(ann, bob, 3000);
    CHECK(again.is_conflict());
    CHECK(again.message() == "following");
    CHECK(s.follow(ann, bob + 100, 3000).is_not_found());
    const Status self = s.follow(ann, ann, 3000);
    CHECK_FALSE(self.is_ok());
    CHECK_FALSE(self.is_conflict());
    CHECK(s.follow_count(ann) == 1);
    CHECK(s.follower_count(bob) == 1);
    CHECK(s.follower_count(ann) == 0);
    CHECK(s.followees(ann) == std::vector<PlayerId>{bob});
    const auto listed = s.following(ann, 10);
    REQUIRE(listed.size() == 1);
    CHECK(listed[0].since == 2000);  // the first follow's time, not the refused one's

    REQUIRE(s.unfollow(ann, bob).is_ok());
    CHECK(s.unfollow(ann, bob).is_not_found());
    CHECK(s.unfollow(bob, ann).is_not_found());
    CHECK(s.follow_count(ann) == 0);
    CHECK(s.follower_count(bob) == 0);
    CHECK(s.followees(ann).empty());
}

TEST_CASE("social: refusals inside a transaction write nothing and leave it usable") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    const PlayerId cy = test::add_player(*store, "cy");
    auto& s = store->social();
    REQUIRE(s.follow(ann, bob, 1000).is_ok());
    REQUIRE(s.block(cy, ann, 1000).is_ok());
    REQUIRE(s.set_invite(bob, "BOBSTOKEN").is_ok());

    REQUIRE(store->begin().is_ok());
    CHECK(s.follow(ann, bob, 2000).is_conflict());
    CHECK(s.follow(ann, cy, 2000).is_conflict());
    CHECK(s.follow(ann, 999, 2000).is_not_found());
    CHECK(s.block(cy, ann, 2000).is_conflict());
    CHECK(s.block(ann, 999, 2000).is_not_found());
    CHECK(s.unfollow(bob, ann).is_not_found());
    CHECK(s.unblock(ann, cy).is_not_found());
    CHECK(s.set_invite(ann, "BOBSTOKEN").is_conflict());
    REQUIRE(s.follow(bob, ann, 2000).is_ok());
    REQUIRE(s.set_invite(ann, "ANNSTOKEN").is_ok());
    REQUIRE(store->commit().is_ok());

    CHECK(s.friends(ann) == std::vector<PlayerId>{bob});
    CHECK(s.invite_owner("ANNSTOKEN") == std::optional<PlayerId>(ann));
    CHECK(s.invite_owner("BOBSTOKEN") == std::optional<PlayerId>(bob));
    CHECK(s.follow_count(ann) == 1);
    CHECK(s.blocks(cy, 10).size() == 1);
}

TEST_CASE("social: a block drops both follows and refuses a follow either way until unblocked") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    const PlayerId cy = test::add_player(*store, "cy");
    auto& s = store->social();
    REQUIRE(s.follow(ann, bob, 1000).is_ok());
    REQUIRE(s.follow(bob, ann, 1100).is_ok());
    REQUIRE(s.follow(ann, cy, 1200).is_ok());
    CHECK(s.relation(ann, bob).following);
    CHECK(s.relation(ann, bob).follower);

    REQUIRE(s.block(ann, bob, 2000).is_ok());
    const Relation r = s.relation(ann, bob);
    CHECK_FALSE(r.following);
    CHECK_FALSE(r.follower);
    CHECK(r.blocked);
    CHECK_FALSE(r.blocked_by);
    const Relation back = s.relation(bob, ann);
    CHECK_FALSE(back.blocked);
    CHECK(back.blocked_by);
    CHECK(s.followees(ann) == std::vector<PlayerId>{cy});  // other follows stay
    CHECK(s.followees(bob).empty());
    CHECK(s.follower_count(ann) == 0);

    const Status mine = s.follow(ann, bob, 3000);
    CHECK(mine.is_conflict());
    CHECK(mine.message() == "blocked");
    const Status theirs = s.follow(bob, ann, 3000);
    CHECK(theirs.is_conflict());
    CHECK(theirs.message() == "blocked");
    CHECK(s.block(ann, bob, 3000).is_conflict());
    CHECK(s.block(ann, 999, 3000).is_not_found());
    CHECK_FALSE(s.block(ann, ann, 3000).is_ok());
    // The blocked player may block back: two blocks, each lifted on its own.
    REQUIRE(s.block(bob, ann, 3100).is_ok());
    CHECK(s.relation(ann, bob).blocked_by);

    const auto listed = s.blocks(ann, 10);
    REQUIRE(listed.size() == 1);
    CHECK(listed[0].player == bob);
    CHECK(listed[0].name == "bob");
    CHECK(listed[0].since == 2000);

    REQUIRE(s.unblock(ann, bob).is_ok());
    CHECK(s.unblock(ann, bob).is_not_found());
    CHECK(s.follow(ann, bob, 4000).is_conflict());  // bob's block still stands
    REQUIRE(s.unblock(bob, ann).is_ok());
    CHECK(s.blocks(ann, 10).empty());
    CHECK(s.blocks(bob, 10).empty());
    REQUIRE(s.follow(ann, bob, 4000).is_ok());
    REQUIRE(s.follow(bob, ann, 4100).is_ok());
    const Relation after = s.relation(ann, bob);
    CHECK(after.following);
    CHECK(after.follower);
    CHECK_FALSE(after.blocked);
    CHECK_FALSE(after.blocked_by);
}

TEST_CASE("social: friends are the mutual follows, followees every follow") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    const PlayerId cy = test::add_player(*store, "cy");
    const PlayerId dee = test::add_player(*store, "dee");
    auto& s = store->social();
    REQUIRE(s.follow(ann, bob, 1000).is_ok());
    REQUIRE(s.follow(bob, ann, 1000).is_ok());
    REQUIRE(s.follow(ann, cy, 1000).is_ok());   // one way
    REQUIRE(s.follow(dee, ann, 1000).is_ok());  // one way, the other way
    REQUIRE(s.follow(ann, dee, 1000).is_ok());  // and back: friends
    REQUIRE(s.follow(bob, cy, 1000).is_ok());

    CHECK(sorted_ids(s.friends(ann)) == sorted_ids({bob, dee}));
    CHECK(s.friends(bob) == std::vector<PlayerId>{ann});
    CHECK(s.friends(cy).empty());
    CHECK(s.friends(dee) == std::vector<PlayerId>{ann});
    CHECK(sorted_ids(s.followees(ann)) == sorted_ids({bob, cy, dee}));
    CHECK(sorted_ids(s.followees(bob)) == sorted_ids({ann, cy}));
    CHECK(s.followees(cy).empty());
    CHECK(s.follow_count(ann) == 3);
    CHECK(s.follower_count(ann) == 2);
    CHECK(s.follower_count(cy) == 2);

    REQUIRE(s.unfollow(dee, ann).is_ok());
    CHECK(s.friends(ann) == std::vector<PlayerId>{bob});
    CHECK(s.friends(dee).empty());
}

TEST_CASE("social: lists newest first with names, ties by the higher id, at most limit") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "Bob");
    const PlayerId cy = test::add_player(*store, "cy");
    const PlayerId dee = test::add_player(*store, "Dee");
    auto& s = store->social();
    REQUIRE(s.follow(ann, bob, 3000).is_ok());
    REQUIRE(s.follow(ann, cy, 1000).is_ok());
    REQUIRE(s.follow(ann, dee, 3000).is_ok());  // same time as bob: the higher id first
    REQUIRE(s.follow(bob, ann, 5000).is_ok());
    REQUIRE(s.follow(cy, ann, 4000).is_ok());
    REQUIRE(s.follow(dee, ann, 6000).is_ok());
    REQUIRE(s.block(ann, test::add_player(*store, "eve"), 7000).is_ok());

    const auto following = s.following(ann, 10);
    CHECK(link_ids(following) == std::vector<PlayerId>{dee, bob, cy});
    REQUIRE(following.size() == 3);
    CHECK(following[0].name == "Dee");
    CHECK(following[0].since == 3000);
    CHECK(following[1].name == "Bob");
    CHECK(following[2].name == "cy");
    CHECK(following[2].since == 1000);
    CHECK(link_ids(s.following(ann, 2)) == std::vector<PlayerId>{dee, bob});

    const auto followers = s.followers(ann, 10);
    CHECK(link_ids(followers) == std::vector<PlayerId>{dee, bob, cy});
    REQUIRE(followers.size() == 3);
    CHECK(followers[0].name == "Dee");
    CHECK(followers[0].since == 6000);
    CHECK(followers[1].since == 5000);
    CHECK(followers[2].since == 4000);
    CHECK(link_ids(s.followers(ann, 1)) == std::vector<PlayerId>{dee});
    CHECK(s.followers(bob, 10).size() == 1);
    CHECK(s.following(cy, 10).size() == 1);

    const auto blocks = s.blocks(ann, 10);
    REQUIRE(blocks.size() == 1);
    CHECK(blocks[0].name == "eve");
    CHECK(blocks[0].since == 7000);
    CHECK(s.blocks(bob, 10).empty());
}

TEST_CASE("social: an invite token set, replaced, and never shared by two players") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    auto& s = store->social();
    CHECK_FALSE(s.invite_of(ann));
    CHECK_FALSE(s.invite_owner("aaaaaaaaaaaaaaaaaaaaaa"));

    REQUIRE(s.set_invite(ann, "aaaaaaaaaaaaaaaaaaaaaa").is_ok());
    CHECK(s.invite_of(ann) == std::optional<std::string>("aaaaaaaaaaaaaaaaaaaaaa"));
    CHECK(s.invite_owner("aaaaaaaaaaaaaaaaaaaaaa") == std::optional<PlayerId>(ann));
    REQUIRE(s.set_invite(ann, "aaaaaaaaaaaaaaaaaaaaaa").is_ok());  // the same again: nothing

    REQUIRE(s.set_invite(ann, "bbbbbbbbbbbbbbbbbbbb-_").is_ok());
    CHECK(s.invite_of(ann) == std::optional<std::string>("bbbbbbbbbbbbbbbbbbbb-_"));
    CHECK_FALSE(s.invite_owner("aaaaaaaaaaaaaaaaaaaaaa"));  // the old one stops working
    CHECK(s.invite_owner("bbbbbbbbbbbbbbbbbbbb-_") == std::optional<PlayerId>(ann));
    CHECK(s.invite_owner("BBBBBBBBBBBBBBBBBBBB-_") == std::nullopt);  // case counts

    const Status taken = s.set_invite(bob, "bbbbbbbbbbbbbbbbbbbb-_");
    CHECK(taken.is_conflict());
    CHECK_FALSE(s.invite_of(bob));
    CHECK(s.invite_owner("bbbbbbbbbbbbbbbbbbbb-_") == std::optional<PlayerId>(ann));
    // The token ann gave up is free for another.
    REQUIRE(s.set_invite(bob, "aaaaaaaaaaaaaaaaaaaaaa").is_ok());
    CHECK(s.invite_owner("aaaaaaaaaaaaaaaaaaaaaa") == std::optional<PlayerId>(bob));
    CHECK(s.invite_of(ann) == std::optional<std::string>("bbbbbbbbbbbbbbbbbbbb-_"));
}

TEST_CASE("schema 13 on PostgreSQL: bigint players and times, an identity for notices",
          "[postgres]") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    auto type = [&](const std::string& table, const std::string& column) {
        return test::query_text(store->db(),
                                "SELECT data_type FROM information_schema.columns WHERE "
                                "table_name = '" + table + "' AND column_name = '" + column + "'");
    };
    CHECK(type("follows", "follower") == "bigint");
    CHECK(type("follows", "followee") == "bigint");
    CHECK(type("follows", "created_at") == "bigint");
    CHECK(type("blocks", "blocked") == "bigint");
    CHECK(type("friend_invites", "token") == "text");
    CHECK(type("notices", "id") == "bigint");
    CHECK(type("notices", "read_at") == "bigint");
    CHECK(type("notices", "key") == "text");
    CHECK(test::query_text(store->db(),
                           "SELECT is_identity FROM information_schema.columns "
                           "WHERE table_name = 'notices' AND column_name = 'id'") == "YES");
}

TEST_CASE("a SQLite database copied to PostgreSQL keeps follows, blocks, invites and notices",
          "[postgres]") {
    TempDir dir;
    auto sqlite = test::open_store("sqlite:" + dir.file());
    const PlayerId ann = test::add_player(*sqlite, "ann");
    const PlayerId bob = test::add_player(*sqlite, "bob");
    const PlayerId cy = test::add_player(*sqlite, "cy");
    REQUIRE(sqlite->social().follow(ann, bob, 1000).is_ok());
    REQUIRE(sqlite->social().follow(bob, ann, 1100).is_ok());
    REQUIRE(sqlite->social().block(cy, ann, 1200).is_ok());
    REQUIRE(sqlite->social().set_invite(ann, "cccccccccccccccccccccc").is_ok());
    std::int64_t first = 0, second = 0, third = 0;
    REQUIRE(sqlite->inbox().add({0, ann, "friend_passed", "k1", "{}", 2000, {}}, &first).is_ok());
    REQUIRE(sqlite->inbox().add({0, ann, "friend_passed", "k2", "{\"a\":1}", 2100, {}}, &second)
                .is_ok());
    REQUIRE(sqlite->inbox().add({0, bob, "round_opened", "k1", "{}", 2200, {}}, &third).is_ok());
    REQUIRE(sqlite->inbox().mark_read(ann, first, 3000).is_ok());

    auto pg = test::open_store(dir.db());
    CopyCounts counts;
    REQUIRE(copy_database(*sqlite, *pg, &counts).is_ok());
    CHECK(counts["follows"] == 2);
    CHECK(counts["blocks"] == 1);
    CHECK(counts["friend_invites"] == 1);
    CHECK(counts["notices"] == 3);

    auto& s = pg->social();
    CHECK(s.friends(ann) == std::vector<PlayerId>{bob});
    CHECK(s.following(ann, 10)[0].since == 1000);
    CHECK(s.relation(ann, cy).blocked_by);
    CHECK(s.invite_owner("cccccccccccccccccccccc") == std::optional<PlayerId>(ann));
    const auto notices = pg->inbox().page(ann, 0, 10);
    REQUIRE(notices.size() == 2);
    CHECK(notices[0].id == second);
    CHECK(notices[0].body == "{\"a\":1}");
    CHECK(notices[0].key == "k2");
    CHECK_FALSE(notices[0].read_at);
    CHECK(notices[1].id == first);
    CHECK(notices[1].read_at == std::optional<Millis>(3000));
    CHECK(pg->inbox().unread(ann) == 1);
    // A new notice's id follows the copied ones.
    std::int64_t next = 0;
    REQUIRE(pg->inbox().add({0, cy, "friend_passed", "k1", "{}", 4000, {}}, &next).is_ok());
    CHECK(next > third);
}

}  // namespace social_test
