// The front door in-process: a real App (the composition root, on a SQLite file) and its
// Dispatcher, reached the way a WebSocket session reaches it (front/client.hpp), with an Outbox
// that records the replies. Checks the dispatcher's own rules (hello first, decode errors,
// binary and rate-limited frames, ping), that every kind of request the protocol decodes is
// taken by some feature's handler, and that a closed connection gives its guest back.

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <thread>

#include "../games/games_harness.hpp"
#include "server/app/front/app.hpp"
#include "server/app/front/client.hpp"

namespace pinfall::test {
namespace {

using nlohmann::json;

// One App served on an IoPool of one io_context run by one thread of its own, as main() wires it.
class Front {
   public:
    explicit Front(const std::function<void(server::Config&)>& tweak = {}) {
        config_.db_path = dir_.file();
        config_.secret = "dispatcher test secret";
        if (tweak) tweak(config_);
        std::string error;
        app_ = server::App::open(pool_, config_, clock_, &error);
        INFO(error);
        REQUIRE(app_);
        app_->serve("test-node");
        thread_ = std::thread([this] { pool_.run(); });
    }
    ~Front() {
        app_->stop_timers();
        pool_.stop();
        thread_.join();
        // What is still queued (a callback holding a connection, say) runs now, while the App
        // it refers to lives, as main()'s destroy_pending does before the App goes.
        pool_.main().restart();
        pool_.main().poll();
        app_->stop_background();
        app_->finish();
    }
    // A connection from `address`, on the pool's io_context.
    std::unique_ptr<server::Client> connect(const std::string& address = "127.0.0.1") {
        return std::make_unique<server::Client>(app_->front().dispatcher,
                                                pool_.next(), address);
    }
    server::App& app() { return *app_; }

   private:
    TempDir dir_;
    server::Config config_;
    const server::Clock clock_{std::nullopt};
    server::IoPool pool_{1};
    std::unique_ptr<server::App> app_;
    std::thread thread_;
};

// Sends text as the connection's strand would (the test's thread plays the strand: nothing else
// runs on it), then returns the n-th message the connection got.
json ask(server::Client& c, const std::shared_ptr<RecordingOutbox>& out, const json& request) {
    const auto n = out->count() + 1;
    c.on_text(request.dump(), out, std::chrono::steady_clock::now());
    return out->message(n);
}

}  // namespace

TEST_CASE("dispatcher: hello first, then requests, decode errors and frames answered",
          "[front]") {
    Front front;
    auto out = std::make_shared<RecordingOutbox>();
    auto client = front.connect();
    // Before hello every request is refused, and the connection stays usable.
    auto r = ask(*client, out, {{"type", "ping"}, {"id", 1}});
    CHECK(r["type"] == "error");
    CHECK(r["code"] == "hello_required");
    CHECK(r["re"] == 1);
    r = ask(*client, out, json::parse(R"({"type":"hello","id":2,"version":2})"));
    CHECK(r["code"] == "unsupported_version");
    r = ask(*client, out, {{"type", "hello"}, {"id", 3}, {"version", 1}});
    REQUIRE(r["type"] == "welcome");
    CHECK(r["re"] == 3);
    CHECK(r["guest"].get<std::string>().size() == 43);
    CHECK(r["games"] == json::array());
    r = ask(*client, out, {{"type", "hello"}, {"id", 4}, {"version", 1}});
    CHECK(r["code"] == "wrong_phase");
    r = ask(*client, out, {{"type", "ping"}, {"id", 5}});
    CHECK(r["type"] == "pong");
    CHECK(r["re"] == 5);
    // What the dispatcher answers itself.
    const auto n = out->count();
    client->on_text("{not json", out, std::chrono::steady_clock::now());
    CHECK(out->message(n + 1)["code"] == "bad_json");
    client->on_binary(out);
    CHECK(out->message(n + 2)["code"] == "bad_request");
    client->on_rate_limited(out);
    CHECK(out->message(n + 3)["code"] == "rate_limited");
    r = ask(*client, out, {{"type", "no_such_message"}, {"id", 6}});
    CHECK(r["code"] == "unknown_type");
    CHECK(front.app().front().metrics.render("x").find("hello_required") != std::string::npos);
}

TEST_CASE("dispatcher: every request the protocol decodes reaches a feature", "[front]") {
    Front front;
    auto out = std::make_shared<RecordingOutbox>();
    auto client = front.connect();
    REQUIRE(ask(*client, out, {{"type", "hello"}, {"id", 1}, {"version", 1}})["type"] == "welcome");
    const json game = ask(*client, out, {{"type", "practice_start"}, {"id", 2}, {"seed", std::string(64, '0')}});
    REQUIRE(game["type"] == "game");
    const auto id = game["game"].get<std::uint64_t>();
    // One request of every kind after hello (docs/protocol.md); each is answered by its
    // feature: a reply or that feature's own refusal, never the dispatcher's unknown_type.
    const std::vector<json> requests = {
        {{"type", "snapshot"}, {"game", id}},
        {{"type", "play"}, {"game", id}, {"pile", 9}, {"pins", {1}}},
        {{"type", "stop"}, {"game", id}},
        {{"type", "undo"}, {"game", id}},
        {{"type", "hint"}, {"game", id}},
        {{"type", "resign"}, {"game", id + 1000}},
        {{"type", "review"}, {"game", id}},
        {{"type", "daily"}},
        {{"type", "daily_start"}},
        {{"type", "leaderboard"}},
        {{"type", "profile"}},
        {{"type", "verify"}, {"game", id}},
        {{"type", "record"}, {"game", id}},
        {{"type", "lane_open"}, {"ruleset", "tenpin"}, {"sides", {"A"}}},
        {{"type", "lane_join"}, {"lane", "ZZZZZZ"}, {"side", 0}},
        {{"type", "lane_watch"}, {"lane", "ZZZZZZ"}},
        {{"type", "lane_report"}, {"lane", "ZZZZZZ"}, {"side", 0}, {"pins", 3}},
        {{"type", "lane_undo"}, {"lane", "ZZZZZZ"}},
        {{"type", "league_create"}, {"name", "Tuesday"}, {"rounds", 2}, {"start_date", "2026-12-07"}},
        {{"type", "league_join"}, {"code", "ABCDEFGH"}},
        {{"type", "league"}, {"league", 1}},
        {{"type", "league_list"}},
        {{"type", "league_play"}, {"league", 1}, {"round", 1}, {"game", 1}},
        {{"type", "league_secretary"}, {"league", 1}, {"action", "close_joining"}},
        {{"type", "change_password"}, {"password", "long enough password"}},
        {{"type", "logout_others"}},
        {{"type", "audit_log"}},
        {{"type", "login"}, {"token", "no such token"}},
        {{"type", "register"}, {"name", "Dispatcher Dana"}},
    };
    std::uint64_t next = 10;
    std::set<std::string> seen;
    for (json request : requests) {
        request["id"] = next;
        const json reply = ask(*client, out, request);
        INFO(request.dump() << " -> " << reply.dump());
        CHECK(reply["re"] == next);
        if (reply["type"] == "error") {
            CHECK(reply["code"] != "unknown_type");
            CHECK(reply["code"] != "bad_request");
        }
        seen.insert(request["type"].get<std::string>());
        ++next;
    }
    // The last request registered the guest: the connection now acts as the player.
    const json profile = ask(*client, out, {{"type", "profile"}, {"id", next}});
    CHECK(profile["type"] == "profile");
    CHECK(profile["player"]["name"] == "Dispatcher Dana");
    CHECK(seen.size() == requests.size());
}

TEST_CASE("dispatcher: a closed connection gives its guest back to the guest book", "[front]") {
    // Guests that own nothing expire 1 ms after they were last seen, swept every 20 ms: only
    // the connection acting as the guest keeps it.
    Front front([](server::Config& c) {
        c.guest_ttl_ms = 1;
        c.sweep_ms = 20;
    });
    auto& metrics = front.app().front().metrics;
    auto out = std::make_shared<RecordingOutbox>();
    auto first = front.connect("192.0.2.7");
    const json welcome = ask(*first, out, {{"type", "hello"}, {"id", 1}, {"version", 1}});
    REQUIRE(welcome["type"] == "welcome");
    const std::string token = welcome["guest"];
    // Held: some fifteen sweeps pass and the guest stays.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    CHECK(metrics.guests_expired.load() == 0);
    CHECK(ask(*first, out, {{"type", "ping"}, {"id", 2}})["type"] == "pong");
    // The connection ends (nothing of it is in flight any more): the guest is let go, and the
    // next sweep expires it.
    first.reset();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (metrics.guests_expired.load() == 0 && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    REQUIRE(metrics.guests_expired.load() == 1);
    auto second = front.connect("192.0.2.7");
    const json again =
        ask(*second, out, {{"type", "hello"}, {"id", 3}, {"version", 1}, {"guest", token}});
    CHECK(again["code"] == "unknown_guest");
}

}  // namespace pinfall::test
