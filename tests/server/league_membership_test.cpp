// Black-box: membership conveniences (docs/protocol.md "Leagues"): `league_list` names the
// leagues of the logged-in account from the server (secretary or member, newest first), and
// `league_create` with "secretary_bowls":true makes the secretary its first member at once, so
// they can bowl league games with no extra step. Bad input is refused and changes nothing.
#include <catch2/catch.hpp>

#include "checked_game.hpp"

#include "server_process.hpp"
#include "ws_client.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

Json create(WsClient& c, const std::string& name, Json extra = Json::object()) {
    Json m = {{"type", "league_create"}, {"name", name}, {"rounds", 1},
              {"start_date", "2026-11-29"}};
    for (auto it = extra.begin(); it != extra.end(); ++it) m[it.key()] = it.value();
    return c.request(m);
}

}  // namespace

TEST_CASE("league_list names the account's leagues, a bowling secretary is a member at once",
          "[storage]") {
    ServerProcess server({"--clock-start", "2026-11-29T12:00:00Z", "--msg-rate", "0"});
    WsClient s(server.port()), a(server.port()), guest(server.port());
    const Json rs = registered(s, "Secretary");
    const long long id_s = rs["player"]["id"];
    const long long id_a = registered(a, "Alice")["player"]["id"];
    guest.hello();

    CHECK(s.request({{"type", "league_list"}})["leagues"] == Json::array());
    const Json guest_list = guest.request({{"type", "league_list"}});
    CHECK(guest_list["type"] == "error");
    CHECK(guest_list["code"] == "login_required");
    CHECK(s.request({{"type", "league_list"}, {"league", 1}})["code"] == "bad_request");

    // Not bowling (the default): the secretary is no member.
    const Json plain = create(s, "Plain Night");
    REQUIRE(plain["type"] == "league");
    CHECK(plain["members"].empty());
    CHECK(plain["you"]["member"] == false);
    // Bowling: the first member, and can play as soon as the season starts.
    const Json bowls = create(s, "Bowling Night", {{"secretary_bowls", true}});
    REQUIRE(bowls["type"] == "league");
    REQUIRE(bowls["members"].size() == 1);
    CHECK(bowls["members"][0]["player"]["id"] == id_s);
    CHECK(bowls["you"]["member"] == true);
    CHECK(bowls["you"]["secretary"] == true);
    const Json refused = create(s, "Refused Night", {{"secretary_bowls", "yes"}});
    CHECK(refused["code"] == "bad_request");

    REQUIRE(a.request({{"type", "league_join"}, {"code", bowls["invite_code"]}})["type"] ==
            "league");
    const long long bowls_id = bowls["league"];
    REQUIRE(s.request({{"type", "league_secretary"}, {"league", bowls_id},
                       {"action", "start_season"}})["status"] == "running");
    const Json game = s.request({{"type", "league_play"}, {"league", bowls_id}, {"round", 1},
                                 {"game", 1}});
    CHECK(game["type"] == "game");
    CHECK(game["mode"] == "league");

    const Json mine = s.request({{"type", "league_list"}});
    REQUIRE(mine["type"] == "league_list");
    REQUIRE(mine["leagues"].size() == 2);  // "Refused Night" was not created
    CHECK(mine["leagues"][0] ==
          Json({{"league", bowls_id}, {"name", "Bowling Night"}, {"status", "running"},
                {"secretary", {{"id", id_s}, {"name", "Secretary"}}},
                {"you", {{"member", true}, {"secretary", true}}}}));
    CHECK(mine["leagues"][1]["league"] == plain["league"]);
    CHECK(mine["leagues"][1]["status"] == "forming");
    CHECK(mine["leagues"][1]["you"] == Json({{"member", false}, {"secretary", true}}));

    const Json of_a = a.request({{"type", "league_list"}});
    REQUIRE(of_a["leagues"].size() == 1);
    CHECK(of_a["leagues"][0]["league"] == bowls_id);
    CHECK(of_a["leagues"][0]["you"] == Json({{"member", true}, {"secretary", false}}));
    (void)id_a;
}
