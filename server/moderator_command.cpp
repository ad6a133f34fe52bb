#include "server/moderator_command.hpp"

#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "server/app/core/clock.hpp"
#include "server/app/players/player_names.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

namespace {

constexpr const char* kUsage =
    "usage: pinfall-server moderator add|remove NAME [--db URI] [--note TEXT]\n";

int usage(const std::string& why) {
    std::cerr << "pinfall-server moderator: " << why << "\n" << kUsage;
    return 2;
}

}  // namespace

int moderator_command(int argc, char** argv) {
    std::vector<std::string> words(argv, argv + argc);
    const char* env_db = std::getenv("PINFALL_DB");
    std::string db = env_db && *env_db ? env_db : "var/pinfall.db";
    std::string note;
    std::vector<std::string> positional;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (words[i] == "--db" || words[i] == "--note") {
            if (i + 1 == words.size()) return usage(words[i] + " needs a value");
            std::string& value = words[i] == "--db" ? db : note;
            value = words[++i];
        } else if (words[i] == "--help" || words[i] == "-h") {
            std::cout << kUsage;
            return 0;
        } else {
            positional.push_back(words[i]);
        }
    }
    if (positional.size() != 2 || (positional[0] != "add" && positional[0] != "remove")) {
        return usage("expected add or remove and one player name");
    }
    const bool add = positional[0] == "add";
    const auto name = normalize_player_name(positional[1]);
    if (!name) return usage("'" + positional[1] + "' is no player name");

    storage::Status st;
    auto store = storage::Store::open(db, &st);
    if (!store) {
        std::cerr << "pinfall-server moderator: cannot open database "
                  << storage::redact_location(db) << ": " << st.message() << "\n";
        return 1;
    }
    const auto found = store->player_login(player_name_key(*name));
    if (!found) {
        std::cerr << "pinfall-server moderator: no player named " << *name << "\n";
        return 1;
    }
    const storage::PlayerRow& player = found->first;
    const auto now = unix_ms(std::chrono::system_clock::now());
    if (st = store->begin(); st.is_ok()) {
        auto& m = store->moderation();
        st = add ? m.grant(player.id, now, note) : m.revoke(player.id, now, note);
        if (st.is_ok()) {
            st = store->commit();
        } else {
            store->rollback();
        }
    }
    const std::string who = player.name + " (player " + std::to_string(player.id) + ")";
    if (st.is_ok()) {
        std::cout << who << (add ? " is a moderator now" : " is no longer a moderator") << "\n";
        return 0;
    }
    if (add && st.is_conflict()) {
        std::cout << who << " is a moderator already\n";
        return 0;
    }
    if (!add && st.is_not_found()) {
        std::cout << who << " is not a moderator\n";
        return 0;
    }
    std::cerr << "pinfall-server moderator: " << st.message() << "\n";
    return 1;
}

}  // namespace pinfall::server
