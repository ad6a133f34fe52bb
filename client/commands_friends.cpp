// `pinfall friends`, `follow`, `unfollow`, `block`, `unblock` and `inbox` (docs/protocol.md
// "Friends and the inbox"). The server finds a player by name only for `follow`; `unfollow`,
// `block` and `unblock` take a player id on the wire, so a NAME is looked up in the asker's own
// lists (`friends`: following, followers, blocked), and --id gives the id of anyone else.
#include <charconv>
#include <iostream>

#include "client/commands.hpp"
#include "client/render_friends.hpp"
#include "client/session.hpp"

namespace pinfall::cli {

namespace po = boost::program_options;

namespace {

constexpr long long kMaxId = (1LL << 53) - 1;

std::optional<long long> id_of(const std::string& text) {
    long long id = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
    if (ec != std::errc() || end != text.data() + text.size() || id < 1 || id > kMaxId) return std::nullopt;
    return id;
}

// Who a relation command names: a player id (--id), a name (the words), or (follow only) an
// invite token (--invite, the token or the whole link).
struct Target {
    std::optional<long long> id;
    std::string name;
    std::string invite;
};

std::optional<Target> parse_target(const std::string& command, const Args& args, bool with_invite) {
    po::options_description options;
    options.add_options()("name", po::value<std::vector<std::string>>())("id", po::value<std::string>());
    if (with_invite) options.add_options()("invite", po::value<std::string>());
    po::positional_options_description positional;
    positional.add("name", -1);
    po::variables_map vm;
    if (!parse_command(command, args, options, positional, vm)) return std::nullopt;
    Target t;
    // `pinfall follow Ann Lee` and `pinfall follow "Ann Lee"` mean the same.
    if (vm.count("name")) {
        for (const auto& word : vm["name"].as<std::vector<std::string>>()) t.name += (t.name.empty() ? "" : " ") + word;
    }
    if (vm.count("invite")) {
        t.invite = vm["invite"].as<std::string>();
        // The whole link works too: the token is what follows "/friends/add/".
        constexpr std::string_view kPath = "/friends/add/";
        if (const auto at = t.invite.rfind(kPath); at != std::string::npos) t.invite.erase(0, at + kPath.size());
    }
    if (vm.count("id")) {
        t.id = id_of(vm["id"].as<std::string>());
        if (!t.id) {
            std::cerr << "pinfall " << command << ": a player id is a whole number from 1\n";
            return std::nullopt;
        }
    }
    const int given = int(!t.name.empty()) + int(t.id.has_value()) + int(vm.count("invite") > 0);
    if (given != 1) {
        std::cerr << "pinfall " << command << ": name one player: NAME, or --id ID"
                  << (with_invite ? ", or --invite TOKEN" : "") << " (see pinfall --help)\n";
        return std::nullopt;
    }
    if (vm.count("invite") && t.invite.empty()) {
        std::cerr << "pinfall " << command << ": --invite takes the token (or the link) a player shared\n";
        return std::nullopt;
    }
    return t;
}

// unfollow, block, unblock: a player id on the wire.
int by_id_command(const Globals& g, const Args& args, const std::string& command) {
    const auto target = parse_target(command, args, false);
    if (!target) return kExitUsage;
    return guarded(command, g, [&] {
        Session session(g.server);
        open_session(session, false);  // a guest with a ranked identity may, too
        std::optional<long long> id = target->id;
        if (!id) {
            const Json friends = session.call({{"type", "friends"}});
            const std::vector<std::string> lists = command == "unfollow" ? std::vector<std::string>{"following"}
                                                   : command == "unblock"
                                                       ? std::vector<std::string>{"blocked"}
                                                       : std::vector<std::string>{"following", "followers", "blocked"};
            id = find_in_friends(friends, target->name, lists);
            if (!id && command != "block") {
                // As the server answers for an id: nothing to undo is no error.
                std::cout << "You do not " << (command == "unfollow" ? "follow " : "block ") << target->name
                          << ": nothing to undo.\n";
                return kExitOk;
            }
            if (!id) {
                std::cerr << "pinfall block: " << target->name
                          << " is not among the players you follow, your followers or the players you block,"
                             " and the server finds a player by name only for follow: give the player's id"
                             " (pinfall block --id ID)\n";
                return kExitFailure;
            }
        }
        std::cout << render_relation(session.call({{"type", command}, {"player", *id}}));
        return kExitOk;
    });
}

}  // namespace

int run_follow(const Globals& g, const Args& args) {
    const auto target = parse_target("follow", args, true);
    if (!target) return kExitUsage;
    return guarded("follow", g, [&] {
        Session session(g.server);
        open_session(session, false);
        Json request = {{"type", "follow"}};
        if (target->id) request["player"] = *target->id;
        else if (!target->invite.empty()) request["invite"] = target->invite;
        else request["name"] = target->name;
        std::cout << render_relation(session.call(request));
        return kExitOk;
    });
}

int run_unfollow(const Globals& g, const Args& args) { return by_id_command(g, args, "unfollow"); }
int run_block(const Globals& g, const Args& args) { return by_id_command(g, args, "block"); }
int run_unblock(const Globals& g, const Args& args) { return by_id_command(g, args, "unblock"); }

int run_friends(const Globals& g, const Args& args) {
    po::options_description options;
    options.add_options()("new-invite", "");
    po::variables_map vm;
    if (!parse_command("friends", args, options, po::positional_options_description(), vm)) return kExitUsage;
    return guarded("friends", g, [&] {
        Session session(g.server);
        open_session(session, false);
        if (vm.count("new-invite")) {
            session.call({{"type", "friend_invite"}, {"renew", true}});
            std::cout << "A new invite link: the old one no longer works.\n";
        }
        const Json friends = session.call({{"type", "friends"}});
        std::cout << render_friends(friends, invite_link(g.server, friends.value("invite", "")));
        return kExitOk;
    });
}

int run_inbox(const Globals& g, const Args& args) {
    po::options_description options;
    options.add_options()("limit", po::value<int>()->default_value(20))("older", po::value<std::string>())(
        "read", po::value<std::string>())("all-read", "");
    po::variables_map vm;
    if (!parse_command("inbox", args, options, po::positional_options_description(), vm)) return kExitUsage;
    const int limit = vm["limit"].as<int>();
    if (limit < 1 || limit > 50) {
        std::cerr << "pinfall inbox: --limit is 1 to 50\n";
        return kExitUsage;
    }
    std::optional<long long> older, read;
    if (vm.count("older") && !(older = id_of(vm["older"].as<std::string>()))) {
        std::cerr << "pinfall inbox: --older takes the notice id the previous page names\n";
        return kExitUsage;
    }
    if (vm.count("read") && !(read = id_of(vm["read"].as<std::string>()))) {
        std::cerr << "pinfall inbox: --read takes a notice id (the number after #)\n";
        return kExitUsage;
    }
    if (read && (older || vm.count("all-read") || !vm["limit"].defaulted())) {
        std::cerr << "pinfall inbox: --read ID goes alone\n";
        return kExitUsage;
    }
    return guarded("inbox", g, [&] {
        Session session(g.server);
        open_session(session, false);
        if (read) {
            const Json left = session.call({{"type", "inbox_read"}, {"notice", *read}});
            std::cout << "Notice #" << *read << " marked read; " << left.value("unread", 0) << " unread.\n";
            return kExitOk;
        }
        Json request = {{"type", "inbox"}, {"limit", limit}};
        if (older) request["cursor"] = *older;
        std::cout << render_inbox(session.call(request));
        if (vm.count("all-read")) {
            const Json left = session.call({{"type", "inbox_read"}, {"all", true}});
            std::cout << "All marked read; " << left.value("unread", 0) << " unread.\n";
        }
        return kExitOk;
    });
}

}  // namespace pinfall::cli
