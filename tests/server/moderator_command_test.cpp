// `pinfall-server moderator add|remove NAME --db URI` (issue 27): the operator grants and
// revokes the role in the database a running server uses, with an audit entry each; the
// command's output and exit status, on SQLite and PostgreSQL.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <array>
#include <cstdio>
#include <memory>
#include <string>

#include "integrity_util.hpp"
#include "server_process.hpp"
#include "storage/store.hpp"
#include "ws_client.hpp"

using namespace pinfall::test;

namespace {

// The operator's command, as integrity_util.hpp runs it.
CommandRun moderator(const std::string& args, const std::string& db) {
    return run_moderator_command(args, db);
}

std::unique_ptr<pinfall::storage::Store> open(const std::string& db) {
    pinfall::storage::Status st;
    auto store = pinfall::storage::Store::open(db, &st);
    INFO(st.message());
    REQUIRE(store);
    return store;
}

}  // namespace

TEST_CASE("moderator command: grants and revokes beside a running server, each change audited",
          "[storage]") {
    ServerProcess server;
    const std::string db = database_of(server.dir());
    WsClient c(server.port());
    c.hello();
    const Json reg = c.request({{"type", "register"}, {"name", "Mona Moderator"}});
    REQUIRE(reg["type"] == "registered");
    const std::int64_t id = reg["player"]["id"];

    auto r = moderator("add 'mona moderator' --note 'trusted'", db);
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK(r.out == "Mona Moderator (player " + std::to_string(id) + ") is a moderator now\n");
    CHECK(open(db)->moderation().is_moderator(id));
    r = moderator("add 'Mona Moderator'", db);
    CHECK(r.status == 0);
    CHECK(r.out.find("is a moderator already") != std::string::npos);
    r = moderator("remove 'Mona Moderator'", db);
    CHECK(r.status == 0);
    CHECK(r.out.find("is no longer a moderator") != std::string::npos);
    CHECK_FALSE(open(db)->moderation().is_moderator(id));
    r = moderator("remove 'Mona Moderator'", db);
    CHECK(r.status == 0);
    CHECK(r.out.find("is not a moderator") != std::string::npos);
    // Refused: nobody of that name (1), a bad call (2); neither writes anything.
    r = moderator("add 'Nobody Here'", db);
    CHECK(r.status == 1);
    CHECK(r.out.find("no player named Nobody Here") != std::string::npos);
    CHECK(moderator("promote 'Mona Moderator'", db).status == 2);
    CHECK(moderator("add", db).status == 2);

    const auto log = open(db)->moderation().log(0, 10);
    REQUIRE(log.size() == 2);  // one grant, one revoke: the repeats changed nothing
    CHECK(log[0].action == "revoke_moderator");
    CHECK(log[1].action == "grant_moderator");
    CHECK(log[1].note == "trusted");
    CHECK(log[1].target == "player:" + std::to_string(id));
    CHECK_FALSE(log[1].moderator);
    // The server ran throughout and still answers.
    CHECK(c.request({{"type", "ping"}})["type"] == "pong");
}

TEST_CASE("audit_log: moderators only, newest first, a page at a time", "[storage]") {
    ServerProcess server;
    const std::string db = database_of(server.dir());
    WsClient mod(server.port());
    mod.hello();
    const Json reg = mod.request({{"type", "register"}, {"name", "Ida Inspector"}});
    REQUIRE(reg["type"] == "registered");
    WsClient other(server.port());
    other.hello();
    REQUIRE(other.request({{"type", "register"}, {"name", "Otto Ordinary"}})["type"] == "registered");
    WsClient guest(server.port());
    guest.hello();

    // Before the grant nobody may read it: a guest, a player, the future moderator.
    for (WsClient* c : {&guest, &other, &mod}) {
        const Json r = c->request({{"type", "audit_log"}});
        CHECK(r["type"] == "error");
        CHECK(r["code"] == "forbidden");
    }
    REQUIRE(moderator("add 'Ida Inspector' --note 'first'", db).status == 0);
    REQUIRE(moderator("add 'Otto Ordinary'", db).status == 0);
    REQUIRE(moderator("remove 'Otto Ordinary' --note 'by mistake'", db).status == 0);
    // The role is read at each request: no reconnect needed. Otto's was taken back.
    CHECK(other.request({{"type", "audit_log"}})["code"] == "forbidden");
    const Json all = mod.request({{"type", "audit_log"}});
    INFO(all.dump());
    REQUIRE(all["type"] == "audit_log");
    REQUIRE(all["entries"].size() == 3);
    CHECK(all["next_cursor"].is_null());
    CHECK(all["entries"][0]["action"] == "revoke_moderator");
    CHECK(all["entries"][0]["note"] == "by mistake");
    CHECK(all["entries"][0]["moderator"].is_null());  // the operator
    CHECK(all["entries"][2]["action"] == "grant_moderator");
    CHECK(all["entries"][2]["target"] == "player:" + std::to_string(reg["player"]["id"].get<long long>()));
    CHECK(all["entries"][2]["at"].get<std::string>().size() == 24);  // RFC 3339 with ms
    // Paging: two, then the rest from the cursor.
    const Json first = mod.request({{"type", "audit_log"}, {"limit", 2}});
    REQUIRE(first["entries"].size() == 2);
    REQUIRE(first["next_cursor"].is_number());
    CHECK(first["entries"][1]["id"] == first["next_cursor"]);
    const Json rest = mod.request({{"type", "audit_log"}, {"cursor", first["next_cursor"]}});
    REQUIRE(rest["entries"].size() == 1);
    CHECK(rest["entries"][0]["id"] == all["entries"][2]["id"]);
    CHECK(rest["next_cursor"].is_null());
    // A bad page is the protocol's bad_request; the connection stays usable.
    CHECK(mod.request({{"type", "audit_log"}, {"limit", 0}})["code"] == "bad_request");
    CHECK(mod.request({{"type", "ping"}})["type"] == "pong");
}
