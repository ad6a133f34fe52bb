#include "storage/social.hpp"

namespace pinfall::storage {
namespace {

// A list of links (other player, name, since) from a statement bound up to its LIMIT.
std::vector<SocialLink> social_links(Statement& s) {
    std::vector<SocialLink> out;
    while (s.step()) out.push_back(SocialLink{s.int64(0), s.text(1), s.int64(2)});
    s.reset();
    return out;
}

std::vector<PlayerId> social_ids(Statement& s) {
    std::vector<PlayerId> out;
    while (s.step()) out.push_back(s.int64(0));
    s.reset();
    return out;
}

int social_count(Statement& s) {
    const int n = s.step() ? s.int32(0) : 0;
    s.reset();
    return n;
}

}  // namespace

SocialStore::SocialStore(Database& db, Status* status) : db_(db) {
    Status s;
    auto prep = [&](Statement& into, const std::string& sql) {
        if (s.is_ok()) into = db_.prepare(sql, &s);
    };
    // Every refusal is found by a read first and every insert does nothing on a conflict: on
    // PostgreSQL a failed statement would spoil the caller's whole transaction.
    prep(follow_,
         "INSERT INTO follows (follower, followee, created_at) VALUES (?, ?, ?) "
         "ON CONFLICT (follower, followee) DO NOTHING");
    prep(unfollow_, "DELETE FROM follows WHERE follower = ? AND followee = ?");
    prep(block_,
         "INSERT INTO blocks (blocker, blocked, created_at) VALUES (?, ?, ?) "
         "ON CONFLICT (blocker, blocked) DO NOTHING");
    prep(unblock_, "DELETE FROM blocks WHERE blocker = ? AND blocked = ?");
    prep(drop_follows_,
         "DELETE FROM follows WHERE (follower = ?1 AND followee = ?2) "
         "OR (follower = ?2 AND followee = ?1)");
    // The four relations and whether the other is a player, in one round trip (follow()).
    prep(relation_,
         "SELECT EXISTS (SELECT 1 FROM follows WHERE follower = ?1 AND followee = ?2), "
         "EXISTS (SELECT 1 FROM follows WHERE follower = ?2 AND followee = ?1), "
         "EXISTS (SELECT 1 FROM blocks WHERE blocker = ?1 AND blocked = ?2), "
         "EXISTS (SELECT 1 FROM blocks WHERE blocker = ?2 AND blocked = ?1), "
         "EXISTS (SELECT 1 FROM players WHERE id = ?2)");
    prep(count_, "SELECT count(*) FROM follows WHERE follower = ?");
    prep(followees_, "SELECT followee FROM follows WHERE follower = ?");
    prep(friends_,
         "SELECT f.followee FROM follows f JOIN follows b "
         "ON b.follower = f.followee AND b.followee = f.follower WHERE f.follower = ?");
    prep(following_,
         "SELECT f.followee, p.name, f.created_at FROM follows f JOIN players p "
         "ON p.id = f.followee WHERE f.follower = ? "
         "ORDER BY f.created_at DESC, f.followee DESC LIMIT ?");
    prep(followers_,
         "SELECT f.follower, p.name, f.created_at FROM follows f JOIN players p "
         "ON p.id = f.follower WHERE f.followee = ? "
         "ORDER BY f.created_at DESC, f.follower DESC LIMIT ?");
    prep(blocks_,
         "SELECT b.blocked, p.name, b.created_at FROM blocks b JOIN players p "
         "ON p.id = b.blocked WHERE b.blocker = ? "
         "ORDER BY b.created_at DESC, b.blocked DESC LIMIT ?");
    prep(follower_count_, "SELECT count(*) FROM follows WHERE followee = ?");
    prep(invite_of_, "SELECT token FROM friend_invites WHERE player = ?");
    prep(set_invite_,
         "INSERT INTO friend_invites (player, token) VALUES (?, ?) "
         "ON CONFLICT (player) DO UPDATE SET token = excluded.token");
    prep(invite_owner_, "SELECT player FROM friend_invites WHERE token = ?");
    prep(player_exists_, "SELECT 1 FROM players WHERE id = ?");
    *status = s;
}

Status SocialStore::follow(PlayerId follower, PlayerId followee, Millis now) {
    if (follower == followee) return Status::error("a player cannot follow itself");
    relation_.bind(1, follower).bind(2, followee);
    Relation r;
    bool exists = false;
    if (relation_.step()) {
        r = Relation{relation_.int64(0) != 0, relation_.int64(1) != 0, relation_.int64(2) != 0,
                     relation_.int64(3) != 0};
        exists = relation_.int64(4) != 0;
    }
    const Status read = relation_.status();
    relation_.reset();
    if (!read.is_ok()) return read;
    if (!exists) return Status::not_found("no player " + std::to_string(followee));
    if (r.blocked || r.blocked_by) return Status::conflict("blocked");
    if (r.following) return Status::conflict("following");
    if (Status st = follow_.bind(1, follower).bind(2, followee).bind(3, now).run(); !st.is_ok()) {
        return st;
    }
    if (db_.changes() == 0) return Status::conflict("following");
    return Status::ok();
}

Status SocialStore::unfollow(PlayerId follower, PlayerId followee) {
    if (Status st = unfollow_.bind(1, follower).bind(2, followee).run(); !st.is_ok()) return st;
    if (db_.changes() == 0) return Status::not_found("not following");
    return Status::ok();
}

Status SocialStore::block(PlayerId blocker, PlayerId blocked, Millis now) {
    if (blocker == blocked) return Status::error("a player cannot block itself");
    player_exists_.bind(1, blocked);
    const bool exists = player_exists_.step();
    const Status read = player_exists_.status();
    player_exists_.reset();
    if (!read.is_ok()) return read;
    if (!exists) return Status::not_found("no player " + std::to_string(blocked));
    if (Status st = block_.bind(1, blocker).bind(2, blocked).bind(3, now).run(); !st.is_ok()) {
        return st;
    }
    if (db_.changes() == 0) return Status::conflict("blocked");
    return drop_follows_.bind(1, blocker).bind(2, blocked).run();
}

Status SocialStore::unblock(PlayerId blocker, PlayerId blocked) {
    if (Status st = unblock_.bind(1, blocker).bind(2, blocked).run(); !st.is_ok()) return st;
    if (db_.changes() == 0) return Status::not_found("not blocked");
    return Status::ok();
}

Relation SocialStore::relation(PlayerId me, PlayerId other) {
    relation_.bind(1, me).bind(2, other);
    Relation r;
    if (relation_.step()) {
        r = Relation{relation_.int64(0) != 0, relation_.int64(1) != 0, relation_.int64(2) != 0,
                     relation_.int64(3) != 0};
    }
    relation_.reset();
    return r;
}

int SocialStore::follow_count(PlayerId follower) {
    count_.bind(1, follower);
    return social_count(count_);
}

std::vector<PlayerId> SocialStore::followees(PlayerId follower) {
    followees_.bind(1, follower);
    return social_ids(followees_);
}

std::vector<PlayerId> SocialStore::friends(PlayerId player) {
    friends_.bind(1, player);
    return social_ids(friends_);
}

std::vector<SocialLink> SocialStore::following(PlayerId player, int limit) {
    following_.bind(1, player).bind(2, limit);
    return social_links(following_);
}

std::vector<SocialLink> SocialStore::followers(PlayerId player, int limit) {
    followers_.bind(1, player).bind(2, limit);
    return social_links(followers_);
}

std::vector<SocialLink> SocialStore::blocks(PlayerId player, int limit) {
    blocks_.bind(1, player).bind(2, limit);
    return social_links(blocks_);
}

int SocialStore::follower_count(PlayerId player) {
    follower_count_.bind(1, player);
    return social_count(follower_count_);
}

std::optional<std::string> SocialStore::invite_of(PlayerId player) {
    invite_of_.bind(1, player);
    std::optional<std::string> out;
    if (invite_of_.step()) out = invite_of_.text(0);
    invite_of_.reset();
    return out;
}

Status SocialStore::set_invite(PlayerId player, const std::string& token) {
    // Read first: another player's token would fail the insert's UNIQUE, which on PostgreSQL
    // spoils the caller's transaction.
    invite_owner_.bind(1, token);
    std::optional<PlayerId> owner;
    if (invite_owner_.step()) owner = invite_owner_.int64(0);
    const Status read = invite_owner_.status();
    invite_owner_.reset();
    if (!read.is_ok()) return read;
    if (owner && *owner != player) return Status::conflict("invite token taken");
    if (owner) return Status::ok();  // the player's own token already
    return set_invite_.bind(1, player).bind(2, token).run();
}

std::optional<PlayerId> SocialStore::invite_owner(const std::string& token) {
    invite_owner_.bind(1, token);
    std::optional<PlayerId> out;
    if (invite_owner_.step()) out = invite_owner_.int64(0);
    invite_owner_.reset();
    return out;
}

}  // namespace pinfall::storage
