#include "checked_game.hpp"

#include <catch2/catch.hpp>

#include "engine/record.hpp"

namespace pinfall::test {

CheckedGame::CheckedGame(WsClient& client, const engine::Seed& seed, engine::Ruleset ruleset,
                         unsigned policy)
    : c_(client), seed_(seed), ruleset_(ruleset), policy_(policy), mirror_(ruleset, seed) {}

void CheckedGame::start() {
    start_with({{"type", "practice_start"},
                {"ruleset", std::string(engine::ruleset_name(ruleset_))},
                {"seed", engine::seed_hex(seed_)}},
               "practice");
}

void CheckedGame::start_with(const Json& request, const std::string& mode) {
    practice_ = mode == "practice";
    Json snap = c_.request(request);
    INFO(snap.dump());
    REQUIRE(snap["type"] == "game");
    engine::Events opening;
    mirror_ = engine::Game(ruleset_, seed_, &opening);
    id_ = snap["game"];
    version_ = snap["version"];
    CHECK(version_ == opening.size());
    CHECK(snap["mode"] == mode);
    CHECK(card_tokens(snap.dump()) == visible_cards(engine::view_of(mirror_)));
    legal_ = snap["legal"];
}

void CheckedGame::send_next() {
    const auto plays = legal_from_json(legal_);
    REQUIRE(plays == engine::list_plays(mirror_.legal()));
    Json msg;
    if (plays.empty() || (policy_ && (step_ * 7 + policy_) % 11 == 0)) {
        msg = {{"type", "stop"}, {"game", id_}};
        pending_action_ = engine::Action::stop();
    } else {
        const auto& p = plays[(step_ * policy_) % plays.size()];
        msg = play_json(id_, p);
        pending_action_ = play_action(p);
    }
    ++step_;
    pending_text_ = msg.dump();
    pending_ = c_.send_request(msg);
}

void CheckedGame::await() {
    Json reply = c_.await_reply(pending_);
    INFO(pending_text_ << " -> " << reply.dump());
    REQUIRE(reply["type"] == "update");
    engine::Events events;
    REQUIRE_FALSE(mirror_.apply(pending_action_, &events));
    REQUIRE(reply["events"].size() == events.size());
    CHECK(reply["events"][0]["v"] == version_ + 1);
    version_ += events.size();
    CHECK(reply["version"] == version_);
    CHECK(card_tokens(reply.dump()) == event_cards(events));
    CHECK(reply.contains("reveal") == (practice_ && mirror_.over()));
    legal_ = reply["legal"];
}

int CheckedGame::finish() {
    Json snap = c_.request({{"type", "snapshot"}, {"game", id_}});
    CHECK(snap["version"] == version_);
    CHECK(snap["state"]["over"] == true);
    CHECK(snap["sheet"]["score"] == mirror_.score());
    if (!practice_) {
        CHECK_FALSE(snap.contains("reveal"));
        return snap["sheet"]["score"];
    }
    CHECK(snap["reveal"]["seed"] == engine::seed_hex(seed_));
    CHECK(snap["reveal"]["record"] == engine::record_text(engine::record_of(mirror_)));
    CHECK(snap["reveal"]["deals"].size() == static_cast<std::size_t>(mirror_.deal_index() + 1));
    return snap["sheet"]["score"];
}

int CheckedGame::play() {
    start();
    while (!over()) {
        send_next();
        await();
    }
    return finish();
}

Json registered(WsClient& c, const std::string& name) {
    c.hello();
    const Json r = c.request({{"type", "register"}, {"name", name}});
    REQUIRE(r["type"] == "registered");
    return r;
}

Json expect_error(WsClient& c, const Json& msg, const std::string& code) {
    const Json reply = c.request(msg);
    INFO(msg.dump() << " -> " << reply.dump());
    CHECK(reply["type"] == "error");
    CHECK(reply["code"] == code);
    CHECK(reply.value("message", std::string()).size() > 5);  // words for the player too
    return reply;
}

}  // namespace pinfall::test
