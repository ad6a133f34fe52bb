// The client's copy of a game, checked against the server's own encoders: whole games are
// played with the engine, every update is encoded by pinfall::protocol and applied by the
// client, and after each one the client's table must equal the one read from a fresh snapshot.
#include "client/game_state.hpp"

#include <catch2/catch.hpp>

#include "engine/game.hpp"
#include "engine/record.hpp"
#include "engine/view.hpp"
#include "protocol/encode.hpp"

using namespace pinfall;
using cli::Json;
using cli::Table;
using cli::UpdateResult;

namespace {

constexpr protocol::GameRef kRef{42, "practice"};

// A game as the server's room holds it: version = events so far.
struct ServedGame {
    std::uint64_t version = 0;
    engine::Game game;

    ServedGame(engine::Ruleset ruleset, const engine::Seed& seed) : game(open(ruleset, seed)) {}

    engine::Game open(engine::Ruleset ruleset, const engine::Seed& seed) {
        engine::Events events;
        engine::Game g(ruleset, seed, &events);
        version = events.size();
        return g;
    }

    std::unique_ptr<protocol::Reveal> reveal() const {
        if (!game.over()) return nullptr;
        auto r = std::make_unique<protocol::Reveal>();
        r->seed = game.seed();
        r->record = engine::record_text(engine::record_of(game));
        for (int k = 0; k <= game.deal_index(); ++k) {
            r->deals.push_back(engine::deal_from_seed(game.seed(), static_cast<std::uint32_t>(k)));
        }
        return r;
    }

    Json snapshot() const {
        return Json::parse(
            protocol::encode_snapshot(7, kRef, version, engine::view_of(game), reveal().get()));
    }

    Json act(const engine::Action& a) {
        engine::Events events;
        REQUIRE_FALSE(game.apply(a, &events).has_value());
        const auto text = protocol::encode_update(8, kRef, version + 1, events,
                                                  engine::view_of(game), reveal().get());
        version += events.size();
        return Json::parse(text);
    }
};

std::vector<int> pins_of(engine::PinMask mask) {
    std::vector<int> pins;
    for (int p = 1; p <= 10; ++p) {
        if (mask & engine::pin_bit(p)) pins.push_back(p);
    }
    return pins;
}

}  // namespace

TEST_CASE("applying every update of whole games keeps the table equal to a fresh snapshot") {
    std::uint64_t rng = 12345;
    auto next = [&rng](std::uint64_t n) {
        rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
        return (rng >> 33) % n;
    };
    int updates = 0;
    for (int g = 0; g < 40; ++g) {
        engine::Seed seed{};
        seed[0] = static_cast<std::uint8_t>(g);
        seed[31] = static_cast<std::uint8_t>(g * 7);
        const auto ruleset = g % 2 ? engine::Ruleset::kStrict : engine::Ruleset::kSackson;
        ServedGame served(ruleset, seed);
        auto table = cli::table_from_snapshot(served.snapshot());
        REQUIRE(table);
        while (!served.game.over()) {
            const auto plays = engine::list_plays(served.game.legal());
            // The client numbers the same plays in the same order.
            const auto numbered = cli::numbered_plays(*table);
            REQUIRE(numbered.size() == plays.size());
            for (std::size_t i = 0; i < plays.size(); ++i) {
                CHECK(numbered[i].pile == plays[i].pile + 1);
                CHECK(numbered[i].pins == pins_of(plays[i].pins));
            }
            engine::Action action;
            const auto roll = next(100);
            if (g % 10 == 9 && roll < 2) {
                action = engine::Action::resign();
            } else if (roll < 15 || plays.empty()) {
                action = engine::Action::stop();
            } else {
                const auto& p = plays[next(plays.size())];
                const auto pins = pins_of(p.pins);
                action = engine::Action::play(p.pile, pins);
            }
            const Json update = served.act(action);
            INFO("game " << g << ", update " << update.dump());
            REQUIRE(cli::apply_update(*table, update) == UpdateResult::kApplied);
            const auto expected = cli::table_from_snapshot(served.snapshot());
            REQUIRE(expected);
            REQUIRE(*table == *expected);
            // The same update again is recognised as already applied.
            CHECK(cli::apply_update(*table, update) == UpdateResult::kStale);
            ++updates;
        }
        CHECK(table->over);
        CHECK(table->reveal.has_value());
    }
    CHECK(updates > 500);
}

TEST_CASE("a missed update is a gap, other messages are malformed updates") {
    ServedGame served(engine::Ruleset::kSackson, engine::Seed{});
    auto table = cli::table_from_snapshot(served.snapshot());
    REQUIRE(table);
    const Table before = *table;
    served.act(engine::Action::stop());
    const Json second = served.act(engine::Action::stop());
    CHECK(cli::apply_update(*table, second) == UpdateResult::kGap);
    CHECK(*table == before);
    Json other_game = second;
    other_game["game"] = 43;
    CHECK(cli::apply_update(*table, other_game) == UpdateResult::kMalformed);
    Json broken = second;
    broken["version"] = before.version + 2;
    broken["events"] = Json::array({{{"v", before.version + 1}, {"e", "fly"}}});
    CHECK(cli::apply_update(*table, broken) == UpdateResult::kMalformed);
    CHECK(*table == before);
    std::string why;
    CHECK_FALSE(cli::table_from_snapshot(Json::parse(R"({"type":"game","game":1})"), &why));
    CHECK_FALSE(why.empty());
}
