// server/app/queries/public_links: the addresses GET /api/links offers phones.
#include <catch2/catch.hpp>

#include <regex>

#include "server/app/queries/public_links.hpp"

using namespace pinfall::server;

TEST_CASE("reachable addresses follow what the server listens on") {
    CHECK(reachable_urls("127.0.0.1", 8080).empty());  // loopback: no phone can reach it
    CHECK(reachable_urls("127.1.2.3", 8080).empty());
    CHECK(reachable_urls("192.0.2.7", 9090) ==
          std::vector<std::string>{"http://192.0.2.7:9090/"});
    CHECK(reachable_urls("not-an-address", 8080).empty());
    const auto any = reachable_urls("0.0.0.0", 8080);
    CHECK(any == lan_urls(8080));
    const std::regex url(R"(^http://(\d{1,3}\.){3}\d{1,3}:8080/$)");
    for (const auto& u : any) {
        CHECK(std::regex_match(u, url));
        CHECK(u.rfind("http://127.", 0) != 0);
    }
}

TEST_CASE("the links as JSON: the public URL or null, then the LAN addresses") {
    CHECK(links_json("", {}) == R"({"public_url":null,"lan":[]})");
    CHECK(links_json("https://bowl.example/", {"http://192.0.2.7:8080/", "http://10.0.0.2:8080/"}) ==
          R"({"public_url":"https://bowl.example/","lan":["http://192.0.2.7:8080/","http://10.0.0.2:8080/"]})");
}
