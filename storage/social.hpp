// Follows, blocks and friend invites (issue 29, docs/rules.md "Friends"). A follow is one way;
// two players who follow each other are friends. A block removes both follows between the two
// and refuses new ones while it stands. Kept in a class of its own beside Store, on the same
// Database and thread; every write runs in the caller's transaction.
//
// Thread-safety: none (the storage thread's, as Store).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/database.hpp"
#include "storage/records.hpp"
#include "storage/status.hpp"

namespace pinfall::storage {

// One follow, block or relation as lists show it: the other player and since when.
struct SocialLink {
    PlayerId player = 0;
    std::string name;
    Millis since = 0;
};

// Between a player (`me`) and another: what each does to the other.
struct Relation {
    bool following = false;   // me follows them
    bool follower = false;    // they follow me
    bool blocked = false;     // me blocks them
    bool blocked_by = false;  // they block me
};

class SocialStore {
   public:
    // Prepares its statements on db (schema version 13 or later). Sets *status on failure.
    SocialStore(Database& db, Status* status);

    // follower follows followee at `now`. conflict("following") when it already does,
    // conflict("blocked") when either blocks the other, not_found when followee is no player
    // (nothing written in each case).
    // The caller checks the limit (follow_count) and that the two differ.
    Status follow(PlayerId follower, PlayerId followee, Millis now);
    // not_found when follower does not follow followee.
    Status unfollow(PlayerId follower, PlayerId followee);
    // blocker blocks blocked: deletes both follows between them, records the block.
    // conflict when it blocks them already; not_found when blocked is no player.
    Status block(PlayerId blocker, PlayerId blocked, Millis now);
    // not_found when there is no such block.
    Status unblock(PlayerId blocker, PlayerId blocked);

    Relation relation(PlayerId me, PlayerId other);
    int follow_count(PlayerId follower);
    // Ids the player follows (any order): the friends board's set, without the player.
    std::vector<PlayerId> followees(PlayerId follower);
    // Ids that follow the player and that it follows back (its friends), any order.
    std::vector<PlayerId> friends(PlayerId player);
    // Lists with names, newest first, at most `limit` (followers may be many).
    std::vector<SocialLink> following(PlayerId player, int limit);
    std::vector<SocialLink> followers(PlayerId player, int limit);
    std::vector<SocialLink> blocks(PlayerId player, int limit);
    int follower_count(PlayerId player);

    // The player's invite token (stored as given: 22 url-safe characters the server made),
    // nullopt when it has none yet.
    std::optional<std::string> invite_of(PlayerId player);
    // Sets (or replaces) the player's invite token; the old one stops working.
    // conflict when another player holds the same token (nothing written).
    Status set_invite(PlayerId player, const std::string& token);
    // The player whose invite this is, nullopt when none.
    std::optional<PlayerId> invite_owner(const std::string& token);

   private:
    Database& db_;
    Statement follow_, unfollow_, block_, unblock_, drop_follows_, relation_, count_,
        followees_, friends_, following_, followers_, blocks_, follower_count_, invite_of_,
        set_invite_, invite_owner_, player_exists_;
};

}  // namespace pinfall::storage
