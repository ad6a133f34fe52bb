// Black-box: registering, logging in and the errors around identity.
#include <catch2/catch.hpp>

#include "checked_game.hpp"
#include "server_process.hpp"
#include "ws_client.hpp"

using namespace pinfall::test;

TEST_CASE("register returns a player and a token, login with it on another connection", "[storage]") {
    ServerProcess server;
    std::string token;
    long long id = 0;
    {
        WsClient c(server.port());
        c.hello();
        const Json r = c.request({{"type", "register"}, {"name", "  Ann_Lee-7  "}});
        REQUIRE(r["type"] == "registered");
        CHECK(r["player"]["name"] == "Ann_Lee-7");
        token = r["token"];
        id = r["player"]["id"];
        CHECK(token.size() == 43);
        expect_error(c, {{"type", "register"}, {"name", "Again"}}, "wrong_phase");
    }
    WsClient c(server.port());
    c.hello();
    expect_error(c, {{"type", "login"}, {"token", "not-a-token"}}, "bad_token");
    const Json r = c.request({{"type", "login"}, {"token", token}});
    REQUIRE(r["type"] == "logged_in");
    CHECK(r["player"]["id"] == id);
    CHECK(r["player"]["name"] == "Ann_Lee-7");
    expect_error(c, {{"type", "login"}, {"token", token}}, "wrong_phase");
}

TEST_CASE("names are validated and unique without regard to case", "[storage]") {
    ServerProcess server;
    WsClient c(server.port());
    c.hello();
    for (const char* bad : {"ab", "  ab  ", "", "this name is far too long!!", "semi;colon",
                            "tab\there", "caf\xc3\xa9"}) {
        expect_error(c, {{"type", "register"}, {"name", bad}}, "bad_name");
    }
    REQUIRE(c.request({{"type", "register"}, {"name", "Bowler One"}})["type"] == "registered");
    WsClient d(server.port());
    d.hello();
    expect_error(d, {{"type", "register"}, {"name", "bowler ONE"}}, "name_taken");
    CHECK(d.request({{"type", "register"}, {"name", "Bowler Two"}})["type"] == "registered");
}

TEST_CASE("ranked requests need a login", "[storage]") {
    ServerProcess server;
    WsClient c(server.port());
    c.hello();
    expect_error(c, {{"type", "daily_start"}}, "login_required");
    expect_error(c, {{"type", "profile"}}, "login_required");
    expect_error(c, {{"type", "leaderboard"}, {"around", true}}, "login_required");
    const Json d = c.request({{"type", "daily"}});
    CHECK(d["status"] == "anonymous");
}
