// Black-box: arenas (issue 28, docs/rules.md "Arenas", docs/protocol.md "Arenas") on the real
// server, on SQLite and PostgreSQL. An arena of 21 seconds, stored before the server starts
// (the server's clock runs in real time from --clock-start; an arena through arena_create lasts
// 10 minutes at least): three players join, play games back to back with their own seeds (the
// mirror of each game is dealt from arena_seed), get their points after each game, and see
// standings pushed at most once a second that equal a recomputation from the stored games; a
// game started before the end counts when it finishes after it; at the end the podium is
// pushed and every game's seed is revealed. Also arena_create's refusals and budget, the
// schedule, and the errors of playing outside an arena.
#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <map>
#include <thread>

#include "checked_game.hpp"
#include "cluster_util.hpp"
#include "http_get.hpp"
#include "engine/arena.hpp"
#include "integrity_util.hpp"
#include "server_process.hpp"
#include "storage/store.hpp"

using namespace pinfall;
using namespace pinfall::test;
using SteadyClock = std::chrono::steady_clock;

namespace {

constexpr const char* kStart = "2026-11-29T12:00:00Z";
constexpr std::int64_t kT0 = 1'795'953'600'000;  // kStart in Unix ms

std::unique_ptr<storage::Store> open_db(const std::string& location) {
    storage::Status st;
    auto s = storage::Store::open(location, &st);
    INFO(st.message());
    REQUIRE(s);
    return s;
}

// The arena's standings recomputed from its stored games: (player, points) best first.
std::vector<std::pair<long long, int>> recomputed(storage::Store& s, std::int64_t arena) {
    std::map<std::int64_t, std::vector<engine::ArenaGame>> by_player;
    for (const auto& m : s.arenas().members(arena)) by_player[m.player];
    for (const auto& g : s.arenas().games(arena)) {
        if (g.finished_at && g.par && g.counts()) {
            by_player[g.player].push_back({g.score, *g.par, g.berserk, *g.finished_at});
        }
    }
    std::vector<engine::ArenaTotals> totals;
    for (const auto& [p, games] : by_player) totals.push_back(engine::arena_totals(p, games));
    std::sort(totals.begin(), totals.end(), engine::ranks_before);
    std::vector<std::pair<long long, int>> out;
    for (const auto& t : totals) out.emplace_back(t.player, t.points);
    return out;
}

// Stores an arena in the scratch directory's database before a server starts (an arena through
// arena_create starts a minute ahead and lasts 10 minutes at least); returns its id.
std::int64_t store_arena(const ScratchDir& dir, const std::string& name, std::int64_t starts_ms,
                         std::int64_t ends_ms, std::optional<int> clock_ms = std::nullopt) {
    auto db = open_db(database_of(dir.path()));
    storage::ArenaRow row;
    row.name = name;
    row.ruleset = "sackson";
    row.starts_at = starts_ms;
    row.ends_at = ends_ms;
    row.clock_ms = clock_ms;
    row.created_at = kT0;
    REQUIRE(db->arenas().create(row).is_ok());
    return row.id;
}

// "2026-11-29T12:00:05.123Z" -> milliseconds since that day's midnight (pushes of one test).
long long ms_of_day(const std::string& t) {
    REQUIRE(t.size() == 24);
    return std::stoll(t.substr(11, 2)) * 3'600'000 + std::stoll(t.substr(14, 2)) * 60'000 +
           std::stoll(t.substr(17, 2)) * 1000 + std::stoll(t.substr(20, 3));
}

std::vector<std::pair<long long, int>> pushed(const Json& push) {
    std::vector<std::pair<long long, int>> out;
    for (const auto& l : push["top"]) out.emplace_back(l["player"]["id"], l["points"]);
    return out;
}

// Reads what arrives for `for_ms` and returns the pushes of `type` with their arrival times.
std::vector<std::pair<SteadyClock::time_point, Json>> collect(WsClient& c, const std::string& type,
                                                               std::chrono::milliseconds for_ms) {
    std::vector<std::pair<SteadyClock::time_point, Json>> out;
    for (auto& j : c.others) {
        if (j["type"] == type) out.emplace_back(SteadyClock::time_point{}, j);
    }
    c.others.clear();
    const auto until = SteadyClock::now() + for_ms;
    while (SteadyClock::now() < until) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - SteadyClock::now());
        const auto text = c.recv(std::max(left, std::chrono::milliseconds(1)));
        if (!text) continue;
        const Json j = Json::parse(*text);
        if (j["type"] == type) out.emplace_back(SteadyClock::now(), j);
    }
    return out;
}

struct Player {
    std::unique_ptr<WsClient> c;
    long long id = 0;
    int games = 0;
};

// Plays the player's next arena game to its end; checks the snapshot's arena block.
void play_game(Player& p, std::int64_t arena, unsigned policy) {
    const int n = ++p.games;
    CheckedGame g(*p.c, engine::arena_seed("test-secret", arena, p.id, n), engine::Ruleset::kSackson, policy);
    g.start_with({{"type", "arena_play"}, {"arena", arena}}, "arena");
    play_out(g);
}

}  // namespace

TEST_CASE("arena: three players through its whole life, standings pushed and right, seeds revealed",
          "[storage]") {
    const ScratchDir scratch("arena");
    const std::int64_t arena = store_arena(scratch, "Twenty-one seconds", kT0 + 4000, kT0 + 25000);
    const auto t0 = SteadyClock::now();
    ServerProcess server({"--clock-start", kStart, "--msg-rate", "0", "--integrity-idle", "0"},
                         scratch.path());
    std::vector<Player> players(3);
    for (int i = 0; i < 3; ++i) {
        players[i].c = std::make_unique<WsClient>(server.port());
        players[i].id = registered(*players[i].c, "Arena Player " + std::to_string(i))["player"]["id"];
        const Json joined = players[i].c->request({{"type", "arena_join"}, {"arena", arena}});
        REQUIRE(joined["type"] == "arena");
        CHECK(joined["joined"] == true);
        CHECK(joined["arena"]["status"] == "upcoming");
    }
    expect_error(*players[0].c, {{"type", "arena_play"}, {"arena", arena}}, "arena_not_live");
    expect_error(*players[0].c, {{"type", "arena_play"}, {"arena", 9999}}, "unknown_arena");
    WsClient outsider(server.port());
    registered(outsider, "Not Joined");

    std::this_thread::sleep_until(t0 + std::chrono::milliseconds(4500));
    expect_error(outsider, {{"type", "arena_play"}, {"arena", arena}}, "not_in_arena");
    // Two games each, one after the other; a second game at once is refused.
    for (int round = 0; round < 2; ++round) {
        for (auto& p : players) play_game(p, arena, 1 + round + static_cast<unsigned>(p.id % 3));
    }
    const Json busy = players[0].c->request({{"type", "arena_play"}, {"arena", arena}});
    REQUIRE(busy["type"] == "game");
    expect_error(*players[0].c, {{"type", "arena_play"}, {"arena", arena}}, "game_in_progress");
    players[0].games++;
    // Anyone may watch it from the standings: the player's own view, then its updates.
    const auto until_listed = SteadyClock::now() + std::chrono::seconds(3);
    Json mine;
    do {
        mine = outsider.request({{"type", "arena"}, {"arena", arena}});
        for (const auto& l : mine["standings"]) {
            if (l["player"]["id"] == players[0].id && l["playing"] == busy["game"]) mine["found"] = true;
        }
    } while (!mine.contains("found") && SteadyClock::now() < until_listed);
    CHECK(mine.contains("found"));
    const Json watched = outsider.request({{"type", "arena_watch"}, {"game", busy["game"]}});
    REQUIRE(watched["type"] == "game");
    CHECK(watched["mode"] == "arena");
    CHECK(watched["arena"]["n"] == 3);
    CHECK(watched["state"] == busy["state"]);  // what the player sees, nothing more
    expect_error(outsider, {{"type", "arena_watch"}, {"game", 424242}}, "unknown_game");
    expect_error(outsider, {{"type", "stop"}, {"game", busy["game"]}}, "not_your_game");
    // ... which its player plays to its end.
    {
        CheckedGame g(*players[0].c, engine::arena_seed("test-secret", arena, players[0].id, 3),
                      engine::Ruleset::kSackson, 2);
        g.start_with({{"type", "snapshot"}, {"game", busy["game"]}}, "arena");
        play_out(g);
    }
    const auto seen = collect(outsider, "update", std::chrono::milliseconds(300));
    CHECK_FALSE(seen.empty());
    // Before the end the games' records are not public.
    const auto hidden = http_get(server.port(), "/api/games/" + std::to_string(busy["game"].get<long long>()) + "/verify");
    CHECK(hidden.status == 400);

    // Pushes: at most one a second, and the last one equals the stored games' standings.
    const auto pushes = collect(*players[1].c, "arena_standings", std::chrono::milliseconds(2500));
    REQUIRE_FALSE(pushes.empty());
    // At most once a second, by the server's own clock (each push says when it was made: what
    // arrives here may bunch up by the delivery's jitter on a loaded machine).
    for (std::size_t i = 1; i < pushes.size(); ++i) {
        CHECK(ms_of_day(pushes[i].second["at"]) - ms_of_day(pushes[i - 1].second["at"]) >= 1000);
    }
    {
        auto db = open_db(database_of(scratch.path()));
        CHECK(pushed(pushes.back().second) == recomputed(*db, arena));
        CHECK(pushes.back().second["total"] == 3);
        CHECK(pushes.back().second["me"]["player"]["id"] == players[1].id);
    }
    // Each player got its points after each game.
    int points_pushes = 0;
    for (const auto& j : players[2].c->others) points_pushes += j["type"] == "arena_points";
    CHECK(points_pushes >= 1);

    // A game started before the end counts when it finishes after it.
    std::this_thread::sleep_until(t0 + std::chrono::milliseconds(23500));
    Player& late = players[2];
    const int n = ++late.games;
    CheckedGame g(*late.c, engine::arena_seed("test-secret", arena, late.id, n), engine::Ruleset::kSackson, 1);
    g.start_with({{"type", "arena_play"}, {"arena", arena}}, "arena");
    std::this_thread::sleep_until(t0 + std::chrono::milliseconds(26500));
    play_out(g);
    expect_error(*late.c, {{"type", "arena_play"}, {"arena", arena}}, "arena_not_live");
    expect_error(outsider, {{"type", "arena_join"}, {"arena", arena}}, "arena_over");

    // The end: the podium pushed; every game of every player with its seed, and they count.
    const auto ended = collect(*players[0].c, "arena_ended", std::chrono::milliseconds(2500));
    REQUIRE(ended.size() == 1);
    CHECK(ended[0].second["arena"]["status"] == "finished");
    CHECK(ended[0].second["podium"].size() == 3);
    for (auto& p : players) {
        const Json d = p.c->request({{"type", "arena"}, {"arena", arena}});
        REQUIRE(d["type"] == "arena");
        CHECK(d["arena"]["status"] == "finished");
        REQUIRE(static_cast<int>(d["games"].size()) == p.games);
        int sum = 0;
        for (const auto& gi : d["games"]) {
            CHECK(gi["status"] == "finished");
            CHECK(gi["seed"] == engine::seed_hex(engine::arena_seed("test-secret", arena, p.id, gi["n"])));
            sum += gi["points"].get<int>();
        }
        CHECK(d["me"]["points"] == sum);
        CHECK(d["me"]["games"] == p.games);
    }
    // Every game verifies now (its seed is public since the end), none did before.
    {
        auto db = open_db(database_of(scratch.path()));
        for (const auto& g : db->arenas().games(arena)) {
            const auto v = http_get(server.port(), "/api/games/" + std::to_string(g.game) + "/verify");
            INFO(v.body);
            CHECK(v.status == 200);
            const Json j = Json::parse(v.body);
            CHECK(j["ok"] == true);
            CHECK(j["replayed_score"] == g.score);
        }
    }
    auto db = open_db(database_of(scratch.path()));
    const Json final_board = players[0].c->request({{"type", "arena"}, {"arena", arena}});
    std::vector<std::pair<long long, int>> lines;
    for (const auto& l : final_board["standings"]) lines.emplace_back(l["player"]["id"], l["points"]);
    CHECK(lines == recomputed(*db, arena));
}

TEST_CASE("arena: create refused on bad settings and over the budget, the schedule's arena listed",
          "[storage]") {
    ServerProcess server({"--clock-start", kStart, "--msg-rate", "0", "--arena-schedule",
                          "every 60m sackson 30m"});
    WsClient c(server.port());
    c.hello();
    const Json ok = {{"type", "arena_create"}, {"name", "Evening"}, {"starts_at", "2026-11-29T18:00:00Z"},
                     {"duration_min", 30}};
    expect_error(c, ok, "login_required");
    REQUIRE(c.request({{"type", "register"}, {"name", "Arena Maker"}})["type"] == "registered");
    auto with = [&](const char* key, const Json& v) {
        Json m = ok;
        m[key] = v;
        return m;
    };
    expect_error(c, with("name", "ab"), "bad_request");
    expect_error(c, with("ruleset", "tenpin"), "bad_ruleset");
    expect_error(c, with("starts_at", "2026-11-29T11:00:00Z"), "bad_request");   // past
    expect_error(c, with("starts_at", "2026-11-29T18:00:30Z"), "bad_request");   // not a minute
    expect_error(c, with("starts_at", "2026-12-07T18:00:00Z"), "bad_request");   // > 7 days
    expect_error(c, with("duration_min", 9), "bad_request");
    expect_error(c, with("duration_min", 181), "bad_request");
    expect_error(c, with("clock_s", 30), "bad_request");
    expect_error(c, with("entry", "league"), "bad_request");
    for (int i = 0; i < 3; ++i) {
        const Json made = c.request(with("name", "Evening " + std::to_string(i)));
        REQUIRE(made["type"] == "arena");
        CHECK(made["arena"]["status"] == "upcoming");
        CHECK(made["arena"]["created_by"]["name"] == "Arena Maker");
        CHECK(made["arena"]["duration_min"] == 30);
        CHECK(made["arena"]["ends_at"] == "2026-11-29T18:30:00.000Z");
    }
    expect_error(c, with("name", "One too many"), "over_budget");

    // The schedule: the 12:00 arena is live, the 13:00 one upcoming (made once a second at most).
    Json list;
    const auto until = SteadyClock::now() + std::chrono::seconds(5);
    do {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        list = c.request({{"type", "arena_list"}});
    } while (list["live"].empty() && SteadyClock::now() < until);
    REQUIRE(list["live"].size() == 1);
    CHECK(list["live"][0]["starts_at"] == "2026-11-29T12:00:00.000Z");
    CHECK(list["live"][0]["created_by"].is_null());
    bool next = false;
    for (const auto& a : list["upcoming"]) next |= a["starts_at"] == "2026-11-29T13:00:00.000Z";
    CHECK(next);
    CHECK(list["upcoming"].size() == 4);  // three evenings and the next hour
}

TEST_CASE("arena: two nodes, one standings, the arena ends with the node that made it killed",
          "[postgres]") {
    const ScratchDir scratch("arena2");
    const std::int64_t arena = store_arena(scratch, "Two nodes", kT0 + 3000, kT0 + 16000);
    const auto t0 = SteadyClock::now();
    auto a = std::make_unique<ServerProcess>(
        std::vector<std::string>{"--clock-start", kStart, "--msg-rate", "0", "--node-id", "node-a"},
        scratch.path());
    ServerProcess b({"--clock-start", kStart, "--msg-rate", "0", "--node-id", "node-b"}, scratch.path());
    // A third node with a watcher only: whichever of b and c writes the end first, both tell
    // their watchers.
    ServerProcess c({"--clock-start", kStart, "--msg-rate", "0", "--node-id", "node-c"}, scratch.path());
    WsClient watcher(c.port());
    watcher.hello();
    Player pa{std::make_unique<WsClient>(a->port())};
    Player pb{std::make_unique<WsClient>(b.port())};
    pa.id = registered(*pa.c, "On Node A")["player"]["id"];
    pb.id = registered(*pb.c, "On Node B")["player"]["id"];
    REQUIRE(pa.c->request({{"type", "arena_join"}, {"arena", arena}})["type"] == "arena");
    REQUIRE(pb.c->request({{"type", "arena_join"}, {"arena", arena}})["type"] == "arena");
    std::this_thread::sleep_until(t0 + std::chrono::milliseconds(3500));
    play_game(pa, arena, 1);
    play_game(pb, arena, 2);
    // Node b's standings have node a's game: both players, with the stored points.
    const auto pushes = collect(*pb.c, "arena_standings", std::chrono::milliseconds(2500));
    REQUIRE_FALSE(pushes.empty());
    {
        auto db = open_db(database_of(scratch.path()));
        CHECK(pushed(pushes.back().second) == recomputed(*db, arena));
        CHECK(pushes.back().second["total"] == 2);
    }
    REQUIRE(watcher.request({{"type", "arena"}, {"arena", arena}})["type"] == "arena");
    // Node a dies; nodes b and c end the arena, once.
    a->signal_and_wait(SIGKILL, std::chrono::seconds(5));
    a.reset();
    std::this_thread::sleep_until(t0 + std::chrono::milliseconds(16000));
    const auto ended = collect(*pb.c, "arena_ended", std::chrono::milliseconds(3000));
    REQUIRE(ended.size() == 1);
    CHECK(ended[0].second["podium"].size() == 2);
    CHECK(collect(watcher, "arena_ended", std::chrono::milliseconds(1500)).size() == 1);
    auto db = open_db(database_of(scratch.path()));
    const auto row = db->arenas().arena(arena);
    REQUIRE(row);
    REQUIRE(row->ended_at);
    CHECK(*row->ended_at >= kT0 + 16000);
}

TEST_CASE("arena: the server's clock ends a game out of time, its player gone, berserk halves it",
          "[storage]") {
    const ScratchDir scratch("arena-clock");
    // A 2 s clock, stored directly: arena_create takes 60-900 s.
    const std::int64_t arena = store_arena(scratch, "Clocked", kT0, kT0 + 10 * 60'000, 2000);
    ServerProcess server({"--clock-start", kStart, "--msg-rate", "0"}, scratch.path());
    long long game = 0;
    long long player = 0;
    {
        WsClient c(server.port());
        player = registered(c, "Slow Player")["player"]["id"];
        REQUIRE(c.request({{"type", "arena_join"}, {"arena", arena}})["type"] == "arena");
        const Json snap = c.request({{"type", "arena_play"}, {"arena", arena}, {"berserk", true}});
        REQUIRE(snap["type"] == "game");
        CHECK(snap["arena"]["berserk"] == true);
        const std::string deadline = snap["arena"]["deadline"];
        game = snap["game"];
        // Berserk: half of the 2 s clock from the start (within the test's first seconds);
        // the times are RFC 3339 of one length, so they compare as text.
        CHECK(deadline > "2026-11-29T12:00:01.000Z");
        CHECK(deadline < "2026-11-29T12:00:05.000Z");
        // One play, then the player goes.
        const Json next = c.request(next_action(snap["legal"], game));
        CHECK(next["type"] != "error");
    }
    // The hall ends it where it stands within a second of its deadline; it counts.
    const auto until = SteadyClock::now() + std::chrono::seconds(6);
    std::optional<storage::GameRow> row;
    do {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        row = open_db(database_of(scratch.path()))->game(game);
    } while ((!row || !row->finished_at || !row->arena_points) && SteadyClock::now() < until);
    INFO(server.log());
    REQUIRE(row);
    REQUIRE(row->finished_at);
    CHECK(row->resigned);
    CHECK(row->arena_points.has_value());
    CHECK(row->player == player);
}
