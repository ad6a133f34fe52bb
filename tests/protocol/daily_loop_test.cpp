// encode_daily with the daily loop's members (docs/protocol.md "The daily loop"), byte for
// byte: absent without a loop (anonymous, HTTP), and streak, played, today and recap with one.
#include <catch2/catch.hpp>

#include "protocol/replies.hpp"

using namespace pinfall::protocol;

namespace {

DailyStatus base() {
    DailyStatus d;
    d.date = "2026-11-29";
    d.ruleset = "sackson";
    d.commitment = "c";
    d.ends_at = "e";
    d.reveals_at = "r";
    d.revealed_date = "2026-11-28";
    d.revealed_seed = "s";
    d.status = "finished";
    d.game = 14;
    d.score = 131;
    return d;
}

constexpr const char* kHead =
    R"({"type":"daily","re":3,"date":"2026-11-29","ruleset":"sackson","commitment":"c",)"
    R"("ends_at":"e","reveals_at":"r","revealed":{"date":"2026-11-28","seed":"s","par":null,)"
    R"("par_line":null},"status":"finished","game":14,"score":131)";

}  // namespace

TEST_CASE("encode_daily: the loop's members only with a loop", "[encode]") {
    CHECK(encode_daily(3, base()) == std::string(kHead) + "}");

    DailyStatus d = base();
    DailyLoop loop;
    loop.streak = 2;
    loop.best_streak = 5;
    loop.played = 12;
    d.loop = loop;
    CHECK(encode_daily(3, d) == std::string(kHead) +
                                    R"(,"streak":{"current":2,"best":5},"played":12,)"
                                    R"("today":null,"recap":null})");

    DailyToday today;
    today.standing = {3, 12, 250.0 / 3};
    today.counts.assign(30, 0);
    today.counts[13] = 12;
    loop.today = today;
    DailyRecap recap;
    recap.date = "2026-11-28";
    recap.game = 9;
    recap.score = 143;
    recap.standing = {2, 7, 600.0 / 7};
    recap.par = 208;
    recap.par_pct = 100.0 * 143 / 208;
    recap.seed = "s";
    recap.record = "pinfall/1 sackson s r";
    recap.verify = "/api/games/9/verify";
    loop.recap = recap;
    d.loop = loop;
    CHECK(encode_daily(std::nullopt, d).find(R"("type":"daily","date")") != std::string::npos);
    CHECK(encode_daily(3, d) ==
          std::string(kHead) +
              R"(,"streak":{"current":2,"best":5},"played":12,"today":{"rank":3,"total":12,)"
              R"("percentile":83.3,"distribution":{"width":10,"counts":[0,0,0,0,0,0,0,0,0,0,)"
              R"(0,0,0,12,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}},"recap":{"date":"2026-11-28",)"
              R"("game":9,"score":143,"rank":2,"total":7,"percentile":85.7,"par":208,)"
              R"("par_pct":68.8,"seed":"s","record":"pinfall/1 sackson s r",)"
              R"("verify":"/api/games/9/verify"}})");
}
