// Test helper: plays one practice game over a WsClient while a local engine mirror applies the
// same actions, checking each reply (events, versions, legal plays, and that the cards a
// message names are exactly those a player may see). Uses Catch2 assertions: call it from the
// test's thread only.
#pragma once

#include "engine/game.hpp"
#include "mirror.hpp"

namespace pinfall::test {

class CheckedGame {
   public:
    // policy 0: always the first legal play; otherwise a mix of plays and stops.
    CheckedGame(WsClient& client, const engine::Seed& seed, engine::Ruleset ruleset,
                unsigned policy);

    void start();  // practice_start; checks the snapshot
    // Starts with another request (daily_start, league_play) answered by a game of `mode`;
    // a ranked game reveals nothing when over.
    void start_with(const Json& request, const std::string& mode);
    bool over() const { return mirror_.over(); }
    // Sends the next action (REQUIRES !over()); then await() checks its reply.
    void send_next();
    void await();
    // Snapshot after the end: checks score, reveal and record. Returns the score.
    int finish();
    // Plays start() .. finish() alone.
    int play();

    long long id() const { return id_; }
    std::uint64_t version() const { return version_; }  // of the last event acknowledged
    const engine::Game& mirror() const { return mirror_; }

   private:
    WsClient& c_;
    engine::Seed seed_;
    engine::Ruleset ruleset_;
    unsigned policy_;
    engine::Game mirror_;
    long long id_ = 0;
    std::uint64_t version_ = 0;
    Json legal_;
    unsigned step_ = 0;
    std::uint64_t pending_ = 0;
    engine::Action pending_action_;
    std::string pending_text_;
    bool practice_ = true;
};

// Says hello on c and registers `name`; returns the `registered` reply (REQUIREs its type).
Json registered(WsClient& c, const std::string& name);
// Sends msg and CHECKs that the reply is an error with `code` and a message in words (more
// than 5 characters); returns the reply.
Json expect_error(WsClient& c, const Json& msg, const std::string& code);

}  // namespace pinfall::test
