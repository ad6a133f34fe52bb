#include "server/app/social/social_requests.hpp"

#include <map>
#include <memory>

#include "protocol/social.hpp"
#include "server/app/core/error_codes.hpp"
#include "server/app/players/guest_book.hpp"
#include "server/app/players/player_names.hpp"
#include "storage/social.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

namespace {

using storage::Status;

// A change's outcome: the other player, what holds after it, and whether a follow was made.
struct Changed {
    protocol::PlayerRef other;
    protocol::PlayerRef me;
    protocol::RelationView relation;
    bool followed = false;
    std::optional<Inbox::Made> notice;  // the followed player's, written with the follow
    const char* code = nullptr;  // a refusal
    std::string message;
};

// The player a follow names, or a refusal in *out.
std::optional<storage::PlayerRow> target_of(storage::Store& s, const protocol::SocialRequest& m,
                                            Changed* out) {
    std::optional<storage::PlayerRow> p;
    if (m.player) p = s.player(*m.player);
    if (m.name) {
        if (auto login = s.player_login(player_name_key(*m.name))) p = login->first;
    }
    if (m.invite) {
        if (const auto owner = s.social().invite_owner(*m.invite)) p = s.player(*owner);
        if (!p) {
            out->code = code::kBadInvite;
            out->message = "no player holds that invite (it may have been renewed)";
            return std::nullopt;
        }
    }
    if (!p) {
        out->code = code::kUnknownPlayer;
        out->message = "no player has that " + std::string(m.name ? "name" : "id");
    }
    return p;
}

Status apply(storage::Store& s, storage::PlayerId me, const protocol::SocialRequest& m,
             storage::Millis now, Changed* out) {
    using A = protocol::SocialAction;
    const auto other = target_of(s, m, out);
    if (!other) return Status::ok();
    if (other->id == me) {
        out->code = code::kYourself;
        out->message = "you cannot follow or block yourself";
        return Status::ok();
    }
    out->other = {other->id, other->name};
    auto& social = s.social();
    const auto before = social.relation(me, other->id);
    Status st;
    if (m.action == A::kFollow && !before.following) {
        if (before.blocked || before.blocked_by) {
            out->code = code::kBlocked;
            out->message = "you cannot follow this player";
            return Status::ok();
        }
        if (social.follow_count(me) >= SocialRequests::kFollowLimit) {
            out->code = code::kFollowLimit;
            out->message = "you follow 500 players already: unfollow one first";
            return Status::ok();
        }
        st = social.follow(me, other->id, now);
        out->followed = st.is_ok();
    } else if (m.action == A::kUnfollow && before.following) {
        st = social.unfollow(me, other->id);
    } else if (m.action == A::kBlock && !before.blocked) {
        st = social.block(me, other->id, now);
    } else if (m.action == A::kUnblock && before.blocked) {
        st = social.unblock(me, other->id);
    }
    if (!st.is_ok()) return st;
    const auto after = social.relation(me, other->id);
    out->relation = {after.following, after.follower, after.blocked};
    if (out->followed) {
        const auto self = s.player(me);
        out->me = {me, self ? self->name : ""};
    }
    return Status::ok();
}

std::vector<protocol::SocialEntry> entries(const std::vector<storage::SocialLink>& links) {
    std::vector<protocol::SocialEntry> out;
    out.reserve(links.size());
    for (const auto& l : links) out.push_back({{l.player, l.name}, format_rfc3339_ms(l.since)});
    return out;
}

// The player's invite, made when it has none (or renewed). 22 characters: 132 random bits.
Status invite_of(storage::Store& s, storage::PlayerId me, bool renew, std::string* out) {
    if (!renew) {
        if (auto t = s.social().invite_of(me)) {
            *out = *t;
            return Status::ok();
        }
    }
    *out = random_token().substr(0, protocol::kInviteTokenChars);
    return s.social().set_invite(me, *out);
}

}  // namespace

bool SocialRequests::handle(Connection& c, const protocol::Request& r,
                            const std::shared_ptr<Outbox>& self, Received) {
    const auto* change_req = std::get_if<protocol::SocialRequest>(&r.body);
    const auto* invite_req = std::get_if<protocol::FriendInvite>(&r.body);
    const bool friends_req = std::holds_alternative<protocol::FriendsRequest>(r.body);
    if (!change_req && !invite_req && !friends_req) return false;
    if (!c.ranked_me()) {
        c.fail(self, r.id, code::kLoginRequired,
               "log in (or play the daily as a guest) to follow players");
    } else if (change_req) {
        if (c.within_budget(AddressBudgets::kFollow, r.id, self)) change(c, r.id, *change_req, self);
    } else if (invite_req) {
        invite(c, r.id, invite_req->renew, self);
    } else {
        friends(c, r.id, self);
    }
    return true;
}

void SocialRequests::change(Connection& c, protocol::Re re, const protocol::SocialRequest& m,
                            const std::shared_ptr<Outbox>& self) {
    auto out = std::make_shared<Changed>();
    const auto me = *c.ranked_me();
    const auto now = unix_ms(d_.clock.now());
    d_.storage.write(
        [this, out, me, m, now](storage::Store& s) {
            *out = Changed{};
            auto st = apply(s, me, m, now, out.get());
            if (!st.is_ok() || !out->followed) return st;
            // Written with the follow: once the reply is out, the notice is stored too.
            return d_.inbox.write(s, NoticeDraft{out->other.id, "followed",
                                                 "followed:" + std::to_string(out->me.id),
                                                 protocol::notice_followed(out->me)},
                                  now, &out->notice);
        },
        [this, conn = c.shared_from_this(), self, out, re](const Status& st) {
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not change it");
            if (out->code) return conn->fail(self, re, out->code, out->message);
            self->send(make_message(protocol::encode_relation(re, out->other, out->relation)));
            if (out->notice) d_.inbox.deliver(*out->notice);
        });
}

void SocialRequests::friends(Connection& c, protocol::Re re, const std::shared_ptr<Outbox>& self) {
    auto view = std::make_shared<protocol::FriendsView>();
    const auto me = *c.ranked_me();
    d_.storage.write(
        [view, me](storage::Store& s) {
            auto& social = s.social();
            const auto following = social.following(me, kFollowLimit);
            const auto followers = social.followers(me, kListLimit);
            view->following = entries(following);
            view->followers = entries(followers);
            view->blocked = entries(social.blocks(me, kListLimit));
            view->following_total = social.follow_count(me);
            view->followers_total = social.follower_count(me);
            view->follow_limit = kFollowLimit;
            // Friends: those followed who follow back, since the later of the two follows.
            std::map<storage::PlayerId, storage::Millis> follows_me;
            for (const auto id : social.friends(me)) follows_me[id] = 0;
            for (const auto& f : followers) {
                if (follows_me.count(f.player)) follows_me[f.player] = f.since;
            }
            std::vector<storage::SocialLink> mutual;
            for (const auto& f : following) {
                const auto it = follows_me.find(f.player);
                if (it != follows_me.end()) mutual.push_back({f.player, f.name, std::max(f.since, it->second)});
            }
            std::stable_sort(mutual.begin(), mutual.end(),
                             [](const auto& a, const auto& b) { return a.since > b.since; });
            view->friends = entries(mutual);
            return invite_of(s, me, false, &view->invite);
        },
        [conn = c.shared_from_this(), self, view, re](const Status& st) {
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not read your friends");
            self->send(make_message(protocol::encode_friends(re, *view)));
        });
}

void SocialRequests::invite(Connection& c, protocol::Re re, bool renew,
                            const std::shared_ptr<Outbox>& self) {
    auto token = std::make_shared<std::string>();
    const auto me = *c.ranked_me();
    d_.storage.write([token, me, renew](storage::Store& s) { return invite_of(s, me, renew, token.get()); },
                     [conn = c.shared_from_this(), self, token, re](const Status& st) {
                         if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not make an invite");
                         self->send(make_message(protocol::encode_friend_invite(re, *token)));
                     });
}

}  // namespace pinfall::server
