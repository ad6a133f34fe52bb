// Black-box: share cards (docs/protocol.md "Share cards") against the real binary: GET
// /api/share/<game>.png (a 1200x630 PNG) and GET /s/<game> (Open Graph and Twitter card tags
// naming the image by absolute URL) for finished daily attempts; 404 for anything else (no
// such game, a practice game, an unfinished attempt, a result held for review); a new standing
// makes a new image URL; before the reveal nothing names a card, after it the page adds % of
// par and an attempt ended at the reveal has its card.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <csignal>
#include <regex>
#include <thread>

#include "checked_game.hpp"
#include "http_get.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;
using namespace std::chrono_literals;

namespace {

engine::Seed share_seed(const std::string& day) { return engine::daily_seed("test-secret", day); }

bool share_names_a_card(const std::string& s) {
    static const std::regex card(R"((^|[^A-Za-z0-9])(A|a|10|[2-9])[HhSs]([^A-Za-z0-9]|$))");
    return std::regex_search(s, card);
}

// The content of <meta {attr}="{name}" content="...">, empty when absent.
std::string share_meta(const std::string& html, const std::string& attr, const std::string& name) {
    const std::string open = "<meta " + attr + "=\"" + name + "\" content=\"";
    const auto at = html.find(open);
    if (at == std::string::npos) return {};
    const auto from = at + open.size();
    return html.substr(from, html.find('"', from) - from);
}

// The version the page's og:image carries ("?v=...").
std::string share_image_version(const std::string& html) {
    const std::string image = share_meta(html, "property", "og:image");
    const auto v = image.find("?v=");
    return v == std::string::npos ? "" : image.substr(v + 3);
}

void share_check_png(const HttpReply& r) {
    REQUIRE(r.status == 200);
    CHECK(r.content_type == "image/png");
    CHECK(r.cache_control == "public, max-age=60");
    REQUIRE(r.body.size() > 1000);
    CHECK(r.body.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
    CHECK(r.body.substr(12, 4) == "IHDR");
    auto be32 = [&](std::size_t at) {
        const auto* p = reinterpret_cast<const unsigned char*>(r.body.data() + at);
        return (std::uint32_t{p[0]} << 24) | (p[1] << 16) | (p[2] << 8) | p[3];
    };
    CHECK(be32(16) == 1200);
    CHECK(be32(20) == 630);
}

void share_check_missing(unsigned short port, const std::string& game) {
    INFO("game " << game);
    const HttpReply png = http_get(port, "/api/share/" + game + ".png");
    CHECK(png.status == 404);
    CHECK(png.content_type == "application/json");
    CHECK(png.cache_control == "no-store");
    CHECK(png.body.find("\"code\":\"unknown_game\"") != std::string::npos);
    const HttpReply page = http_get(port, "/s/" + game);
    CHECK(page.status == 404);
    CHECK(page.content_type == "text/html; charset=utf-8");
    CHECK(page.body.find("og:image") == std::string::npos);
}

long long share_play_daily(WsClient& c, const std::string& day, unsigned policy) {
    CheckedGame g(c, share_seed(day), engine::Ruleset::kSackson, policy);
    g.start_with({{"type", "daily_start"}}, "daily");
    while (!g.over()) {
        g.send_next();
        g.await();
    }
    g.finish();
    return g.id();
}

void share_run_sql(const std::string& db, const std::string& sql) {
    sqlite3* h = nullptr;
    REQUIRE(sqlite3_open(db.c_str(), &h) == SQLITE_OK);
    char* err = nullptr;
    const int rc = sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &err);
    const std::string why = err ? err : "";
    sqlite3_free(err);
    sqlite3_close(h);
    INFO(why);
    REQUIRE(rc == SQLITE_OK);
}

}  // namespace

TEST_CASE("share: the card image and page of daily results, 404s, and the reveal") {
    const std::string day = "2026-11-28";
    std::vector<long long> games;
    std::string dir;
    long long practice = 0, unfinished = 0;
    ServerProcess first({"--clock-start", day + "T12:00:00Z", "--msg-rate", "0"});
    dir = first.dir();
    const auto port = first.port();
    {
        WsClient ann(port), bob(port), cyd(port), dee(port);
        registered(ann, "Ann");
        registered(bob, "Bob");
        registered(cyd, "Cyd");
        registered(dee, "Dee");
        games.push_back(share_play_daily(ann, day, 0));

        const HttpReply alone = http_get(port, "/s/" + std::to_string(games[0]), "bowl.example:8080");
        REQUIRE(alone.status == 200);
        CHECK(alone.content_type == "text/html; charset=utf-8");
        CHECK(alone.cache_control == "public, max-age=60");
        const std::string v1 = share_image_version(alone.body);
        CHECK(v1.size() == 16);
        CHECK(share_meta(alone.body, "property", "og:image") ==
              "http://bowl.example:8080/api/share/" + std::to_string(games[0]) + ".png?v=" + v1);
        CHECK(share_meta(alone.body, "property", "og:url") ==
              "http://bowl.example:8080/s/" + std::to_string(games[0]));
        CHECK(share_meta(alone.body, "name", "twitter:card") == "summary_large_image");
        CHECK(share_meta(alone.body, "property", "og:title").rfind("Ann: ", 0) == 0);
        CHECK(share_meta(alone.body, "property", "og:description").find("Rank 1 of 1 so far") !=
              std::string::npos);
        CHECK(alone.body.find("/#/leaders/daily/" + day) != std::string::npos);

        games.push_back(share_play_daily(bob, day, 3));
        games.push_back(share_play_daily(cyd, day, 6));
        // Another finish changes Ann's standing, so her card's URL changes too.
        const HttpReply three = http_get(port, "/s/" + std::to_string(games[0]));
        CHECK(share_meta(three.body, "property", "og:description").find(" of 3 so far") !=
              std::string::npos);
        CHECK(share_image_version(three.body) != v1);
        for (std::size_t i = 0; i < games.size(); ++i) {
            const std::string id = std::to_string(games[i]);
            INFO("game " << id);
            const HttpReply page = http_get(port, "/s/" + id);
            REQUIRE(page.status == 200);
            CHECK(share_meta(page.body, "property", "og:image")
                      .rfind("http://127.0.0.1/api/share/" + id + ".png?v=", 0) == 0);
            CHECK(share_meta(page.body, "property", "og:image:width") == "1200");
            CHECK(share_meta(page.body, "property", "og:image:height") == "630");
            CHECK_FALSE(share_meta(page.body, "property", "og:description").empty());
            // Before the reveal: no card, no par.
            CHECK_FALSE(share_names_a_card(page.body));
            CHECK(page.body.find("of par") == std::string::npos);
            share_check_png(http_get(port, "/api/share/" + id + ".png"));
            // The version in the query changes nothing of the answer.
            share_check_png(http_get(port, "/api/share/" + id + ".png?v=" +
                                               share_image_version(page.body)));
        }

        // No card: no such game, not a number, a practice game, an attempt not finished.
        CheckedGame p(ann, engine::sha256("share-practice"), engine::Ruleset::kSackson, 1);
        p.play();
        practice = p.id();
        CheckedGame open(dee, share_seed(day), engine::Ruleset::kSackson, 0);
        open.start_with({{"type", "daily_start"}}, "daily");
        unfinished = open.id();
        for (const std::string& g : {std::string("999999"), std::string("0"), std::string("abc"),
                                    std::to_string(practice), std::to_string(unfinished)}) {
            share_check_missing(port, g);
        }
        CHECK(http_get(port, "/api/share/" + std::to_string(games[0])).status == 404);
    }
    REQUIRE(first.signal_and_wait(SIGTERM, 10s) == 0);

    // Cyd's result held for review (issue 27): off the board, so no card.
    share_run_sql(database_of(dir),
                  "UPDATE games SET review = 'review' WHERE id = " + std::to_string(games[2]));
    ServerProcess second({"--clock-start", "2026-11-29T02:00:00Z", "--msg-rate", "0"}, dir);
    share_check_missing(second.port(), std::to_string(games[2]));
    // After the reveal: the standing is final and the page adds % of par (solved at the reveal).
    HttpReply page;
    for (int tries = 0; tries < 200; ++tries) {
        page = http_get(second.port(), "/s/" + std::to_string(games[0]));
        if (page.body.find("of par") != std::string::npos) break;
        std::this_thread::sleep_for(100ms);
    }
    REQUIRE(page.status == 200);
    const std::string description = share_meta(page.body, "property", "og:description");
    INFO(description);
    // Ann, Bob and Dee, whose attempt ended where it stood at the reveal; not Cyd.
    CHECK(description.find(" of 3 final") != std::string::npos);
    CHECK(description.find("% of par (") != std::string::npos);
    share_check_png(http_get(second.port(), "/api/share/" + std::to_string(games[0]) + ".png"));
    share_check_png(http_get(second.port(), "/api/share/" + std::to_string(games[1]) + ".png"));
    const HttpReply ended = http_get(second.port(), "/s/" + std::to_string(unfinished));
    REQUIRE(ended.status == 200);
    CHECK(share_meta(ended.body, "property", "og:description").find("(resigned) = 0") !=
          std::string::npos);
    share_check_png(http_get(second.port(), "/api/share/" + std::to_string(unfinished) + ".png"));
}
