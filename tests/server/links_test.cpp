// Black-box: where phones reach the server (docs/protocol.md "Lanes", GET /api/links):
// --public-url is served as given (with a final "/"), else null; a server listening on
// loopback only (as ServerProcess starts it) offers no LAN address (which addresses the
// wildcard offers: tests/server_unit/public_links_test.cpp); a --public-url that is not an
// http(s) URL stops the server with exit status 2.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <string>

#include "http_get.hpp"
#include "server_process.hpp"
#include "ws_client.hpp"

using namespace pinfall::test;

TEST_CASE("GET /api/links: the public URL given or null, no LAN address on loopback") {
    {
        ServerProcess server({"--public-url", "https://bowl.example/pinfall"});
        const auto reply = http_get(server.port(), "/api/links");
        REQUIRE(reply.status == 200);
        const Json links = Json::parse(reply.body);
        CHECK(links["public_url"] == "https://bowl.example/pinfall/");
        CHECK(links["lan"] == Json::array());
    }
    ServerProcess server;
    const Json links = Json::parse(http_get(server.port(), "/api/links").body);
    CHECK(links == Json({{"public_url", nullptr}, {"lan", Json::array()}}));
}

TEST_CASE("a --public-url that is not an http(s) URL is refused at start") {
    for (const std::string bad : {"ftp://bowl.example/", "bowl.example", "http://a b/"}) {
        const std::string cmd =
            std::string(PINFALL_SERVER_BIN) + " --port 0 --public-url '" + bad + "' 2>&1";
        FILE* p = popen(cmd.c_str(), "r");
        REQUIRE(p);
        std::string out;
        char buf[256];
        while (fgets(buf, sizeof buf, p)) out += buf;
        const int status = pclose(p);
        INFO(bad << ": " << out);
        REQUIRE(WIFEXITED(status));
        CHECK(WEXITSTATUS(status) == 2);
        CHECK(out.find("--public-url must be an http:// or https:// URL") != std::string::npos);
    }
}
