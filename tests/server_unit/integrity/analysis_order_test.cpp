// The integrity queue's order (issue 27: "take a day's top results first"): newest day first,
// its daily attempts before its league and arena games, then best score, then earlier finish,
// whatever order the games finished in.
#include <catch2/catch.hpp>
#include <algorithm>
#include <vector>

#include "server/app/integrity/integrity_keeper.hpp"

using pinfall::server::AnalysisKey;
using pinfall::server::analysed_first;

TEST_CASE("analysed_first: newest day, its daily attempts, then best score, then earlier finish") {
    std::vector<AnalysisKey> keys = {{"2026-12-01", true, 290, 5}, {"2026-12-02", true, 120, 9},
                                     {"2026-12-02", true, 250, 7}, {"2026-12-02", true, 250, 3},
                                     {"2026-11-30", true, 300, 1}, {"2026-12-02", true, 251, 8},
                                     {"2026-12-02", false, 299, 2}};  // an arena game
    std::sort(keys.begin(), keys.end(), analysed_first);
    const std::vector<std::pair<int, long>> want = {{251, 8}, {250, 3}, {250, 7}, {120, 9},
                                                    {299, 2}, {290, 5}, {300, 1}};
    REQUIRE(keys.size() == want.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
        INFO(i);
        CHECK(keys[i].score == want[i].first);
        CHECK(keys[i].finished_at == want[i].second);
    }
    CHECK_FALSE(analysed_first(keys[0], keys[0]));  // a strict order
}
