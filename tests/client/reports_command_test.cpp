// `pinfall register`, the daily challenge, `pinfall leaderboard` and `pinfall verify` against
// the real server, each run of the binary a separate process sharing a config directory.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <regex>

#include "run_pinfall.hpp"
#include "server_process.hpp"

using namespace pinfall::test;

TEST_CASE("register saves the token, the daily challenge and the leaderboard use it") {
    ServerProcess server({"--clock-start", "2026-11-29T12:00:00Z"});
    TempHome home;
    const std::string url = server_url(server.port());

    // The daily challenge needs a player.
    const RunResult anonymous = run_pinfall({"--server", url, "play", "--daily"}, "", home.path());
    CHECK(anonymous.status == 1);
    CHECK(has(anonymous.err, "pinfall register NAME"));

    const RunResult reg = run_pinfall({"--server", url, "register", "Ann", "Lee"}, "", home.path());
    INFO(reg.out << reg.err);
    REQUIRE(reg.status == 0);
    std::smatch m;
    REQUIRE(std::regex_search(reg.out, m, std::regex(R"(Registered "Ann Lee": player id (\d+))")));
    const std::string token_path = home.path() + "/token";
    struct stat st {};
    REQUIRE(stat(token_path.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0600);
    std::string token;
    std::getline(std::ifstream(token_path), token);
    CHECK(token.size() == 43);

    // A second registration would lose the token: refused without --force.
    const RunResult again = run_pinfall({"--server", url, "register", "Bo Bo"}, "", home.path());
    CHECK(again.status == 1);
    CHECK(has(again.err, "--force"));

    // Play the daily challenge: two plays, then resign.
    const RunResult daily =
        run_pinfall({"--server", url, "play", "--daily"}, "1\n1\nr\ny\n", home.path());
    INFO(daily.out << daily.err);
    CHECK(daily.status == 0);
    CHECK(has(daily.out, "Logged in as Ann Lee."));
    CHECK(has(daily.out, "(daily, sackson): frame 1, ball 1"));
    REQUIRE(std::regex_search(daily.out, m, std::regex(R"(Final score: (\d+) \(resigned)")));
    const std::string score = m[1];
    CHECK(has(daily.out, "Share: Pinfall 2026-11-29 sackson: " + score + " (resigned) = " + score));
    CHECK(has(daily.out, "public at the day's reveal"));

    // One attempt a day.
    const RunResult twice = run_pinfall({"--server", url, "play", "--daily"}, "", home.path());
    CHECK(twice.status == 1);
    CHECK(has(twice.err, "today's attempt is finished"));

    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"leaderboard"}, {"leaderboard", "2026-11-29"}}) {
        std::vector<std::string> full = {"--server", url};
        full.insert(full.end(), args.begin(), args.end());
        const RunResult board = run_pinfall(full, "", home.path());
        INFO(board.out << board.err);
        CHECK(board.status == 0);
        CHECK(has(board.out, "Daily leaderboard 2026-11-29 (sackson): 1 player\n"));
        CHECK(std::regex_search(
            board.out,
            std::regex("\n   1  Ann Lee {17}" + std::string(6 - score.size(), ' ') + score + " ")));
        CHECK(has(board.out, "You:\n   1  Ann Lee"));
    }
    // A guest sees the board without a line of their own; a bad date is refused in words.
    TempHome guest;
    const RunResult seen = run_pinfall({"--server", url, "leaderboard"}, "", guest.path());
    CHECK(seen.status == 0);
    CHECK(has(seen.out, "Ann Lee"));
    CHECK_FALSE(has(seen.out, "You:"));
    const RunResult bad_date =
        run_pinfall({"--server", url, "leaderboard", "2026-13-40"}, "", guest.path());
    CHECK(bad_date.status == 1);
    CHECK(has(bad_date.err, "(bad_date)"));
    const RunResult future =
        run_pinfall({"--server", url, "leaderboard", "2027-01-01"}, "", guest.path());
    CHECK(future.status == 1);
    CHECK(has(future.err, "(future_date)"));

    // A ranked game is not verifiable before its day's reveal.
    REQUIRE(std::regex_search(daily.out, m, std::regex(R"(Game (\d+) \(daily)")));
    const RunResult early = run_pinfall({"--server", url, "verify", m[1]}, "", guest.path());
    CHECK(early.status == 1);
    CHECK(has(early.err, "(not_revealed)"));
}

TEST_CASE("verify: unknown games, bad ids, an unreachable server") {
    ServerProcess server;
    TempHome home;
    const std::string url = server_url(server.port());
    const RunResult unknown = run_pinfall({"--server", url, "verify", "999999"}, "", home.path());
    CHECK(unknown.status == 1);
    CHECK(has(unknown.err, "(unknown_game)"));
    CHECK(run_pinfall({"--server", url, "verify", "x"}, "", home.path()).status == 2);
    CHECK(run_pinfall({"--server", url, "verify", "0"}, "", home.path()).status == 2);
    CHECK(run_pinfall({"--server", url, "verify"}, "", home.path()).status == 2);
    CHECK(run_pinfall({"--server", url, "leaderboard", "--limit", "0"}, "", home.path()).status ==
          2);

    const RunResult down =
        run_pinfall({"--server", "ws://127.0.0.1:1/ws", "leaderboard"}, "", home.path());
    CHECK(down.status == 1);
    CHECK(has(down.err, "cannot talk to the server at ws://127.0.0.1:1/ws"));
}

TEST_CASE("a token the server does not know") {
    ServerProcess server;
    TempHome home;
    std::ofstream(home.path() + "/token") << "not-a-token\n";
    const std::string url = server_url(server.port());
    const RunResult daily = run_pinfall({"--server", url, "play", "--daily"}, "", home.path());
    CHECK(daily.status == 1);
    CHECK(has(daily.err, "does not know the token"));
    // Commands that do not need a player go on as a guest, with a warning.
    const RunResult board = run_pinfall({"--server", url, "leaderboard"}, "", home.path());
    CHECK(board.status == 0);
    CHECK(has(board.err, "going on as a guest"));
}
