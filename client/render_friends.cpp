// Text for the friends and inbox commands (see render_friends.hpp).
#include "client/render_friends.hpp"

#include "client/text.hpp"

namespace pinfall::cli {

namespace {

std::string str_field(const Json& j, const char* key, const char* fallback = "?") {
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}

long long int_field(const Json& j, const char* key, long long fallback = 0) {
    const auto it = j.find(key);
    return it != j.end() && it->is_number_integer() ? it->get<long long>() : fallback;
}

const Json& object_of(const Json& j, const char* key) {
    static const Json kEmpty = Json::object();
    const auto it = j.find(key);
    return it != j.end() && it->is_object() ? *it : kEmpty;
}

// "Ann Lee" of a {id,name} object.
std::string name_of(const Json& ref) { return str_field(ref, "name"); }

// "league Friday Club (#3)" style: "<name> (#<id>)".
std::string named(const Json& ref) { return name_of(ref) + " (#" + std::to_string(int_field(ref, "id")) + ")"; }

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool same_name(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (lower(a[i]) != lower(b[i])) return false;
    }
    return true;
}

std::string entry_row(const Json& e) {
    const Json& p = object_of(e, "player");
    std::string row = "  " + pad_right(name_of(p), 24);
    row += pad_left("#" + std::to_string(int_field(p, "id")), 8);
    const std::string since = str_field(e, "since", "");
    if (!since.empty()) row += "  since " + utc_minute(since);
    return row + "\n";
}

std::string list_of(const Json& friends, const char* key) {
    const auto it = friends.find(key);
    if (it == friends.end() || !it->is_array() || it->empty()) return "  nobody\n";
    std::string out;
    for (const Json& e : *it) out += entry_row(e);
    return out;
}

std::size_t size_of(const Json& friends, const char* key) {
    const auto it = friends.find(key);
    return it != friends.end() && it->is_array() ? it->size() : 0;
}

}  // namespace

std::string utc_minute(std::string_view iso) {
    if (iso.size() < 16 || iso[10] != 'T') return std::string(iso);
    return std::string(iso.substr(0, 10)) + " " + std::string(iso.substr(11, 5)) + " UTC";
}

std::string invite_link(const ServerUrl& url, std::string_view token) {
    std::string host = url.host.find(':') != std::string::npos ? "[" + url.host + "]" : url.host;
    if (url.port != "80") host += ":" + url.port;
    return "http://" + host + "/#/friends/add/" + std::string(token);
}

std::string render_relation(const Json& r) {
    const Json& p = object_of(r, "player");
    std::string out = name_of(p) + " (player " + std::to_string(int_field(p, "id")) + "): ";
    const bool following = r.value("following", false);
    const bool follower = r.value("follower", false);
    if (r.value("blocked", false)) {
        out += "you block them.";
    } else if (following && follower) {
        out += "you follow them and they follow you: friends.";
    } else if (following) {
        out += "you follow them; they do not follow you.";
    } else if (follower) {
        out += "they follow you; you do not follow them.";
    } else {
        out += "neither of you follows the other.";
    }
    return out + "\n";
}

std::string render_friends(const Json& f, std::string_view link) {
    std::string out = "Friends (" + std::to_string(size_of(f, "friends")) + "):\n" + list_of(f, "friends");
    out += "Following (" + std::to_string(int_field(f, "following_total", static_cast<long long>(size_of(f, "following"))));
    if (const long long limit = int_field(f, "follow_limit"); limit > 0) out += " of at most " + std::to_string(limit);
    out += "):\n" + list_of(f, "following");
    const long long followers = int_field(f, "followers_total", static_cast<long long>(size_of(f, "followers")));
    out += "Followers (" + std::to_string(followers);
    if (static_cast<std::size_t>(followers) > size_of(f, "followers")) {
        out += ", the newest " + std::to_string(size_of(f, "followers")) + " listed";
    }
    out += "):\n" + list_of(f, "followers");
    out += "Blocked (" + std::to_string(size_of(f, "blocked")) + "):\n" + list_of(f, "blocked");
    const std::string token = str_field(f, "invite", "");
    if (!token.empty()) {
        out += "Your invite link: " + std::string(link) + "\n";
        out += "  whoever opens it, or runs `pinfall follow --invite " + token + "`, follows you\n";
    }
    return out;
}

std::optional<std::int64_t> find_in_friends(const Json& friends, std::string_view name,
                                            const std::vector<std::string>& lists) {
    for (const std::string& key : lists) {
        const auto it = friends.find(key);
        if (it == friends.end() || !it->is_array()) continue;
        for (const Json& e : *it) {
            const Json& p = object_of(e, "player");
            if (same_name(str_field(p, "name", ""), name) && int_field(p, "id") > 0) return int_field(p, "id");
        }
    }
    return std::nullopt;
}

std::string describe_notice(const Json& n) {
    const std::string kind = str_field(n, "kind", "");
    const std::string player = name_of(object_of(n, "player"));
    const std::string round = std::to_string(int_field(n, "round"));
    if (kind == "followed") return player + " followed you.";
    if (kind == "friend_passed") {
        return player + " passed your score on the daily of " + str_field(n, "day") + ": " +
               std::to_string(int_field(n, "score")) + " to your " + std::to_string(int_field(n, "your_score")) + ".";
    }
    if (kind == "round_opened") {
        return "Round " + round + " of league " + named(object_of(n, "league")) + " opened; it closes " +
               utc_minute(str_field(n, "closes_at")) + ".";
    }
    if (kind == "round_closing") {
        return "Round " + round + " of league " + named(object_of(n, "league")) + " closes " +
               utc_minute(str_field(n, "closes_at")) + ".";
    }
    if (kind == "round_closed") {
        std::string out = "Round " + round + " of league " + named(object_of(n, "league")) + " closed";
        const auto scores = n.find("scores");
        if (scores != n.end() && scores->is_array() && !scores->empty()) {
            out += "; your scores:";
            bool first = true;
            for (const Json& s : *scores) {
                out += first ? " " : ", ";
                first = false;
                out += s.is_number_integer() ? std::to_string(s.get<long long>()) : "not played";
            }
        }
        return out + ".";
    }
    if (kind == "arena_starting") {
        const Json& a = object_of(n, "arena");
        return "Arena " + named(a) + " starts " + utc_minute(str_field(n, "starts_at")) + ": `pinfall arena " +
               std::to_string(int_field(a, "id")) + "` plays in it.";
    }
    if (kind == "review") {
        const std::string status = str_field(n, "status", "");
        std::string out = "Your " + str_field(n, "mode", "ranked") + " game " + std::to_string(int_field(n, "game"));
        const std::string day = str_field(n, "day", "");
        if (!day.empty()) out += " of " + day;
        if (status == "review") return out + " is under review.";
        if (status == "cleared") return out + " was cleared.";
        if (status == "disqualified") return out + " was disqualified.";
        return out + ": " + status + ".";
    }
    return "A notice of kind \"" + kind + "\".";
}

std::string render_inbox(const Json& inbox) {
    std::string out = "Inbox, newest first (" + std::to_string(int_field(inbox, "unread")) + " unread):\n";
    const auto notices = inbox.find("notices");
    if (notices == inbox.end() || !notices->is_array() || notices->empty()) {
        out += "  no notices\n";
    } else {
        for (const Json& n : *notices) {
            out += n.value("read", true) ? "  " : "* ";
            out += pad_right("#" + std::to_string(int_field(n, "id")), 6) + " " + utc_minute(str_field(n, "at")) + "  " +
                   describe_notice(n) + "\n";
        }
    }
    const auto next = inbox.find("next_cursor");
    if (next != inbox.end() && next->is_number_integer()) {
        out += "Older notices: `pinfall inbox --older " + std::to_string(next->get<long long>()) + "`\n";
    }
    return out;
}

}  // namespace pinfall::cli
