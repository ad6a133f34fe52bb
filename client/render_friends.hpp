// Text for `pinfall friends`, `follow`, `unfollow`, `block`, `unblock` and `inbox`
// (docs/protocol.md "Friends and the inbox"): a relation, the friends lists with the invite
// link, a notice in words and a page of the inbox. Pure functions of the messages they are given
// (no I/O, no clock); every block ends with a newline and no line has trailing spaces.
// Thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "client/connection.hpp"

namespace pinfall::cli {

// "2026-12-03 10:00 UTC" of an RFC 3339 time; the text itself when it is not one.
std::string utc_minute(std::string_view iso);

// The web client's invite link on the server of url: "http://host:port/#/friends/add/TOKEN"
// (":80" left out, an IPv6 host in brackets).
std::string invite_link(const ServerUrl& url, std::string_view token);

// A `relation` reply: "Ann Lee (player 7): you follow them and they follow you: friends." and
// the other combinations; "... : you block them." while blocked.
std::string render_relation(const Json& relation);

// A `friends` reply: friends, following (with the limit), followers (the newest 500 of how
// many), blocked, each "name  #id  since ..."; then `link` (the invite link, see invite_link)
// and the command that follows by the token.
std::string render_friends(const Json& friends, std::string_view link);

// The id of the player called name (compared without regard to ASCII case, as the server
// compares names) in the lists `lists` (e.g. "following", "blocked") of a `friends` reply.
std::optional<std::int64_t> find_in_friends(const Json& friends, std::string_view name,
                                            const std::vector<std::string>& lists);

// One notice in words, by its kind ("Ann Lee followed you.").
std::string describe_notice(const Json& notice);

// An `inbox` reply: "Inbox: N unread", then each notice newest first, one line each:
// "* #42  2026-12-03 18:02 UTC  <words>" (the "*" marks an unread one), and the command that
// shows older ones when next_cursor is a number.
std::string render_inbox(const Json& inbox);

}  // namespace pinfall::cli
