// Black-box: accounts with a password (docs/protocol.md "Passwords and tokens"): register with
// a password, log in by name and password, the attempt budget, change_password, and token
// rotation (logout_others). The stored password string is read back from the database.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "checked_game.hpp"
#include "server_process.hpp"
#include "storage/store.hpp"
#include "ws_client.hpp"

using namespace pinfall::test;

namespace {

Json login(WsClient& c, const std::string& name, const std::string& password) {
    return c.request({{"type", "login"}, {"name", name}, {"password", password}});
}

Json registered(WsClient& c, const std::string& name, const std::string& password) {
    const Json r = c.request({{"type", "register"}, {"name", name}, {"password", password}});
    INFO(r.dump());
    REQUIRE(r["type"] == "registered");
    return r;
}

// One text value from the server's database (SQLite file or PostgreSQL), "" when no row.
std::string query(const ServerProcess& server, const std::string& sql) {
    pinfall::storage::Status st;
    auto store = pinfall::storage::Store::open(database_of(server.dir()), &st);
    INFO(st.message());
    REQUIRE(store);
    auto s = store->db().prepare(sql, &st);
    REQUIRE(st.is_ok());
    return s.step() ? s.text(0) : "";
}

const std::string kSecret = "correct horse battery";

}  // namespace

TEST_CASE("register with a password, log in by name and password, stored as argon2id only",
          "[storage]") {
    ServerProcess server;
    WsClient a(server.port());
    a.hello();
    for (const std::string& bad : {std::string("1234567"), std::string(129, 'x')}) {
        expect_error(a, {{"type", "register"}, {"name", "Ann Lee"}, {"password", bad}},
                     "bad_password");
    }
    const Json reg = registered(a, "Ann Lee", kSecret);
    const std::string own_token = reg["token"];
    const long long id = reg["player"]["id"];

    WsClient b(server.port());
    b.hello();
    expect_error(b, {{"type", "login"}, {"name", "Ann Lee"}}, "bad_request");
    expect_error(b, {{"type", "login"}, {"token", own_token}, {"password", kSecret}},
                 "bad_request");
    CHECK(login(b, "Ann Lee", "correct horse battery!")["code"] == "wrong_password");
    CHECK(login(b, "Nobody Here", kSecret)["code"] == "wrong_password");
    const Json in = login(b, "  ann LEE ", kSecret);  // names compare without regard to case
    INFO(in.dump());
    REQUIRE(in["type"] == "logged_in");
    CHECK(in["player"]["id"] == id);
    CHECK(in["player"]["name"] == "Ann Lee");
    const std::string device_token = in["token"];
    CHECK(device_token.size() == 43);
    CHECK(device_token != own_token);

    // Both tokens work for token login (the terminal client's way).
    for (const auto& t : {own_token, device_token}) {
        WsClient c(server.port());
        c.hello();
        const Json r = c.request({{"type", "login"}, {"token", t}});
        CHECK(r["type"] == "logged_in");
        CHECK(r["player"]["id"] == id);
        CHECK_FALSE(r.contains("token"));
    }

    // An account registered without a password cannot be entered by name.
    WsClient d(server.port());
    d.hello();
    REQUIRE(d.request({{"type", "register"}, {"name", "Bob"}})["type"] == "registered");
    WsClient e(server.port());
    e.hello();
    CHECK(login(e, "Bob", kSecret)["code"] == "wrong_password");

    const std::string stored =
        query(server, "SELECT password_hash FROM players WHERE id = " + std::to_string(id));
    INFO(stored);
    CHECK(stored.rfind("$argon2id$v=19$m=19456,t=2,p=1$", 0) == 0);
    CHECK(stored.find(kSecret) == std::string::npos);
    CHECK(query(server, "SELECT count(*) FROM player_tokens").rfind("1", 0) == 0);
    CHECK(query(server, "SELECT count(*) FROM players WHERE password_hash IS NULL") == "1");
    const std::string log = server.log();
    CHECK(log.find("correct horse") == std::string::npos);
    CHECK(log.find(own_token) == std::string::npos);
}

TEST_CASE("password attempts are limited per account and per address", "[storage]") {
    ServerProcess server({"--password-tries", "3"});
    {
        WsClient r(server.port(), true, "/ws", "127.0.0.5");
        r.hello();
        registered(r, "Ann Lee", kSecret);
        WsClient s(server.port(), true, "/ws", "127.0.0.6");
        s.hello();
        registered(s, "Bob Ray", kSecret);
    }
    WsClient x(server.port(), true, "/ws", "127.0.0.2");
    x.hello();
    for (int i = 0; i < 3; ++i) CHECK(login(x, "Ann Lee", "wrong password")["code"] == "wrong_password");
    // The right password no longer helps: every attempt counts.
    const Json limited = login(x, "Ann Lee", kSecret);
    CHECK(limited["code"] == "password_limited");
    CHECK(limited["message"].get<std::string>().find("try again in") != std::string::npos);

    // Per account: Ann's budget is spent from any address; another account is fine there.
    WsClient y(server.port(), true, "/ws", "127.0.0.3");
    y.hello();
    CHECK(login(y, "Ann Lee", kSecret)["code"] == "password_limited");
    CHECK(login(y, "Bob Ray", kSecret)["type"] == "logged_in");

    // Per address: three names tried from one address spend that address's budget.
    WsClient z(server.port(), true, "/ws", "127.0.0.4");
    z.hello();
    for (const char* name : {"Nobody One", "Nobody Two", "Nobody Three"}) {
        CHECK(login(z, name, kSecret)["code"] == "wrong_password");
    }
    CHECK(login(z, "Bob Ray", kSecret)["code"] == "password_limited");
    // The connection is still usable.
    CHECK(z.request({{"type", "ping"}})["type"] == "pong");
}

TEST_CASE("change_password, then logout_others refuses every older token and session",
          "[storage]") {
    ServerProcess server;
    WsClient a(server.port());
    a.hello();
    expect_error(a, {{"type", "change_password"}, {"password", "new password 1"}},
                 "login_required");
    expect_error(a, {{"type", "logout_others"}}, "login_required");
    const Json reg = registered(a, "Cy Young", kSecret);
    const std::string own_token = reg["token"];

    WsClient b(server.port());  // another device, by password
    b.hello();
    const std::string device_token = login(b, "Cy Young", kSecret)["token"];
    WsClient c(server.port());  // the terminal client, by token
    c.hello();
    REQUIRE(c.request({{"type", "login"}, {"token", own_token}})["type"] == "logged_in");

    expect_error(a, {{"type", "change_password"}, {"password", "short"}}, "bad_password");
    expect_error(a,
                 {{"type", "change_password"}, {"password", "new password 1"}, {"current", "nope nope"}},
                 "wrong_password");
    CHECK(a.request({{"type", "change_password"}, {"password", "new password 1"}, {"current", kSecret}})
              ["type"] == "password_changed");
    // A valid session alone may change it too.
    CHECK(b.request({{"type", "change_password"}, {"password", "new password 2"}})["type"] ==
          "password_changed");
    {
        WsClient d(server.port());
        d.hello();
        CHECK(login(d, "Cy Young", kSecret)["code"] == "wrong_password");
        CHECK(login(d, "Cy Young", "new password 1")["code"] == "wrong_password");
    }
    // Changing the password logged nobody out.
    CHECK(c.request({{"type", "profile"}})["type"] == "profile");

    const Json rotated = a.request({{"type", "logout_others"}});
    INFO(rotated.dump());
    REQUIRE(rotated["type"] == "logged_out_others");
    const std::string new_token = rotated["token"];
    CHECK(new_token.size() == 43);
    CHECK(new_token != own_token);
    // The rotating session stays logged in; the others are refused on their next request and
    // drop back to their guest.
    CHECK(a.request({{"type", "profile"}})["type"] == "profile");
    for (WsClient* other : {&b, &c}) {
        expect_error(*other, {{"type", "profile"}}, "bad_token");
        expect_error(*other, {{"type", "profile"}}, "login_required");
    }
    for (const auto& old : {own_token, device_token}) {
        WsClient d(server.port());
        d.hello();
        expect_error(d, {{"type", "login"}, {"token", old}}, "bad_token");
    }
    WsClient d(server.port());
    d.hello();
    CHECK(d.request({{"type", "login"}, {"token", new_token}})["type"] == "logged_in");
    WsClient e(server.port());
    e.hello();
    CHECK(login(e, "Cy Young", "new password 2")["type"] == "logged_in");
    CHECK(server.log().find("new password") == std::string::npos);
}
