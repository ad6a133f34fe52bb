// The review notice (integrity/review_news.hpp) between nodes: node, player and change, and
// every malformed payload refused.
#include <catch2/catch.hpp>

#include "server/app/integrity/review_news.hpp"

using namespace pinfall::server;

TEST_CASE("review notices: encoded and decoded, malformed ones refused") {
    for (const auto change : {ReviewChange::kResults, ReviewChange::kBan, ReviewChange::kUnban}) {
        const auto text = encode_review({"node-a", 41, change});
        const auto back = decode_review(text);
        REQUIRE(back);
        CHECK(back->node == "node-a");
        CHECK(back->player == 41);
        CHECK(back->change == change);
    }
    CHECK(encode_review({"n", 7, ReviewChange::kBan}) == "n\t7\tban");
    for (const char* bad : {"", "n\t7", "n\t7\tpardon", "n\tx\tban", "n\t0\tban", "n\t-3\tban",
                            "n\t7\tban\textra"}) {
        INFO(bad);
        CHECK_FALSE(decode_review(bad));
    }
}
