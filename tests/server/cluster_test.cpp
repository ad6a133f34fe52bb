// Black-box, PostgreSQL only: two pinfall-server nodes on one database (docs/scaling.md). A
// daily result finished on one node reaches the other node's leaderboard (NOTIFY), and so
// does a guest's new name; one player's parallel daily starts through both nodes make one
// attempt (the database's unique constraint); both nodes take game ids from disjoint blocks;
// the day's reveal ends an open attempt once while the node that served it is dead.
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <optional>
#include <set>
#include <thread>

#include "checked_game.hpp"
#include "proxy_player.hpp"
#include "storage/store.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

const engine::Seed kDay = engine::daily_seed("test-secret", "2026-11-29");

template <class F>
bool eventually(F f, std::chrono::milliseconds limit = std::chrono::milliseconds(5000)) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
        if (f()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return f();
}

Json board(WsClient& c) { return c.request({{"type", "leaderboard"}, {"date", "2026-11-29"}}); }

}  // namespace

TEST_CASE("cluster: a daily result finished on node A is on node B's board, renames too",
          "[storage][postgres][cluster]") {
    TwoNodes nodes;
    WsClient anna(nodes.a.port());
    registered(anna, "Anna");
    CheckedGame game(anna, kDay, engine::Ruleset::kSackson, 1);
    game.start_with({{"type", "daily_start"}}, "daily");
    while (!game.over()) {
        game.send_next();
        game.await();
    }
    const int score = game.finish();

    WsClient watcher(nodes.b.port());
    watcher.hello();
    Json seen;
    CHECK(eventually([&] {
        seen = board(watcher);
        return seen["total"] == 1;
    }));
    REQUIRE(seen["entries"].size() == 1);
    CHECK(seen["entries"][0]["player"]["name"] == "Anna");
    CHECK(seen["entries"][0]["score"] == score);
    CHECK(seen["entries"][0]["game"] == game.id());

    // A guest's attempt on node B, resigned at once, then the guest registers there: node A's
    // board shows the line, then the new name.
    WsClient guest(nodes.b.port());
    guest.hello();
    const Json snap = guest.request({{"type", "daily_start"}, {"guest", true}});
    REQUIRE(snap["type"] == "game");
    REQUIRE(guest.request({{"type", "resign"}, {"game", snap["game"]}})["type"] == "update");
    CHECK(eventually([&] { return board(anna)["total"] == 2; }));
    REQUIRE(guest.request({{"type", "register"}, {"name", "Gus"}})["type"] == "registered");
    CHECK(eventually([&] {
        const Json b = board(anna);
        return b["entries"].size() == 2 && b["entries"][1]["player"]["name"] == "Gus";
    }));
}

TEST_CASE("cluster: one player's parallel daily starts through two nodes make one attempt",
          "[storage][postgres][cluster]") {
    TwoNodes nodes;
    WsClient on_a(nodes.a.port());
    const Json reg = registered(on_a, "Twice");
    WsClient on_b(nodes.b.port());
    on_b.hello();
    // At once: a start on node A and a login on node B, which moves the player there (node A
    // closes its connection "moved", possibly before its start is answered); then a start on B.
    const auto first = on_a.send_request({{"type", "daily_start"}});
    const Json login = on_b.request({{"type", "login"}, {"token", reg["token"]}});
    REQUIRE(login["type"] == "logged_in");
    std::vector<Json> replies{on_b.request({{"type", "daily_start"}})};
    try {
        replies.push_back(on_a.await_reply(first, std::chrono::seconds(5)));
    } catch (const std::exception&) {
        CHECK(on_a.close_code() == 4001);  // closed "moved" before it answered
    }

    storage::Status st;
    auto store = storage::Store::open(database_of(nodes.a.dir()), &st);
    REQUIRE(store);
    const auto attempt = store->daily_attempt(reg["player"]["id"].get<std::int64_t>(), "2026-11-29");
    REQUIRE(attempt);
    std::set<long long> games;
    for (const Json& r : replies) {
        INFO(r.dump());
        // Each start is answered with the one attempt, or refused; never a second game.
        if (r["type"] == "game") games.insert(r["game"].get<long long>());
        else CHECK(r["type"] == "error");
    }
    REQUIRE(games.size() == 1);
    CHECK(*games.begin() == attempt->id);
}

TEST_CASE("cluster: nodes starting on one database hand out disjoint game ids",
          "[storage][postgres][cluster]") {
    TwoNodes nodes;
    WsClient on_a(nodes.a.port());
    WsClient on_b(nodes.b.port());
    on_a.hello();
    on_b.hello();
    std::set<long long> ids;
    for (int i = 0; i < 20; ++i) {
        for (WsClient* c : {&on_a, &on_b}) {
            const Json snap = c->request({{"type", "practice_start"}});
            REQUIRE(snap["type"] == "game");
            CHECK(ids.insert(snap["game"].get<long long>()).second);
        }
    }
    CHECK(ids.size() == 40);
}

TEST_CASE("cluster: a guest made on node A is the same guest on node B, guest ids never clash",
          "[storage][postgres][cluster]") {
    TwoNodes nodes;
    WsClient on_a(nodes.a.port());
    const std::string token = on_a.hello()["guest"];
    const Json snap = on_a.request({{"type", "practice_start"}});
    REQUIRE(snap["type"] == "game");
    // New guests on both nodes, interleaved: each gets a row of its own.
    std::vector<std::unique_ptr<WsClient>> more;
    for (int i = 0; i < 10; ++i) {
        more.push_back(std::make_unique<WsClient>(i % 2 ? nodes.a.port() : nodes.b.port()));
        more.back()->hello();
    }
    // The practice game's row is written in the background: node B finds it once stored.
    Json welcome;
    CHECK(eventually([&] {
        WsClient on_b(nodes.b.port());
        try {
            welcome = on_b.hello(token);
        } catch (const std::runtime_error&) {
            return false;  // unknown_guest until the guest's row is committed
        }
        return welcome["games"] == Json::array({snap["game"]});
    }));
    CHECK(welcome["guest"] == token);
    // A guest is served by one node at a time too: its hello on B took it over, and node A
    // closed its connection there "moved".
    CHECK(on_a.wait_closed(std::chrono::seconds(5)));
    CHECK(on_a.close_code() == 4001);
    CHECK(on_a.close_reason() == "moved");
    // Guests' locks (negative keys) held by node B, before and after the guest's hello there.
    auto guests_on_b = [&] {
        int n = 0;
        for (const auto& [key, names] : lock_holders(nodes.a.dir())) {
            CHECK(names.size() == 1);  // never two holders
            if (key < 0 && names == std::vector<std::string>{"pinfall:node-b"}) ++n;
        }
        return n;
    };
    // The guest's own lock (guest_key: minus its id, the id its practice game names). The last
    // probe connection above held it on node B, which lets go only after that connection has
    // closed (the games handed over, then the unlock on the cluster link's thread): counted
    // while on its way, it is in `before` already. So nobody holds it before counting.
    storage::Status st;
    auto store = storage::Store::open(database_of(nodes.a.dir()), &st);
    REQUIRE(store);
    const auto practice = store->game(snap["game"].get<std::int64_t>());
    REQUIRE(practice);
    REQUIRE(practice->guest);
    const std::int64_t token_key = -*practice->guest;
    REQUIRE(eventually([&] { return lock_holders(nodes.a.dir()).count(token_key) == 0; },
                       std::chrono::milliseconds(10000)));
    const int before = guests_on_b();
    WsClient kept(nodes.b.port());
    REQUIRE(kept.hello(token)["guest"] == token);
    CHECK(lock_holders(nodes.a.dir())[token_key] == std::vector<std::string>{"pinfall:node-b"});
    CHECK(guests_on_b() == before + 1);
    CHECK(eventually([&] { return store->guests().size() == 11; }));
}

TEST_CASE("cluster: the day's reveal ends an open attempt once, its node dead at the time",
          "[storage][postgres][cluster]") {
    const ScratchDir scratch("cluster-reveal");
    const std::string& dir = scratch.path();
    std::int64_t player = 0;
    long long game = 0;
    {
        // Node A serves the attempt on the 29th, then dies without a word (SIGKILL).
        ServerProcess a({"--clock-start", "2026-11-29T20:00:00Z", "--node-id", "node-a"}, dir);
        WsClient c(a.port());
        const Json reg = registered(c, "Sleepy");
        player = reg["player"]["id"].get<std::int64_t>();
        const Json snap = c.request({{"type", "daily_start"}});
        REQUIRE(snap["type"] == "game");
        game = snap["game"];
        REQUIRE(c.request(next_action(snap["legal"], game))["type"] == "update");
        REQUIRE(a.signal_and_wait(SIGKILL, std::chrono::seconds(5)) == 128 + SIGKILL);
    }
    // Two other nodes, one second before the reveal (the 30th, 01:00 UTC): both are due to end it.
    ServerProcess b({"--clock-start", "2026-11-30T00:59:59Z", "--node-id", "node-b"}, dir);
    ServerProcess c({"--clock-start", "2026-11-30T00:59:59Z", "--node-id", "node-c"}, dir);
    WsClient on_b(b.port());
    on_b.hello();
    CHECK(eventually([&] {
        const Json info = on_b.request({{"type", "daily"}});
        return info.contains("revealed") && info["revealed"].is_object() &&
               info["revealed"]["date"] == "2026-11-29";
    }, std::chrono::milliseconds(10000)));
    storage::Status st;
    auto store = storage::Store::open(database_of(dir), &st);
    REQUIRE(store);
    std::optional<storage::GameRow> row;
    CHECK(eventually([&] {
        row = store->daily_attempt(player, "2026-11-29");
        return row && row->finished_at;
    }));
    REQUIRE(row);
    // The play, then one end at the reveal: never two.
    REQUIRE(row->actions.size() == 2);
    engine::Game replay(engine::Ruleset::kSackson, kDay);
    for (const auto& action : row->actions) REQUIRE_FALSE(replay.apply(action));
    CHECK(replay.over());
    CHECK(replay.score() == row->score);
    // Both nodes' boards have the ended attempt.
    for (ServerProcess* node : {&b, &c}) {
        WsClient w(node->port());
        w.hello();
        CHECK(eventually([&] { return board(w)["total"] == 1; }));
    }
}
