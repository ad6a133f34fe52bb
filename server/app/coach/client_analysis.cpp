// The coach's requests (docs/protocol.md "Hints and reviews"): `hint` for a practice game in
// play and `review` of a finished, revealed game. The coach runs on the analysis pool, never on
// a game strand: the room's strand only copies what the player sees (a CoachView).
#include <boost/asio/post.hpp>

#include <cmath>

#include "engine/coach.hpp"
#include "engine/record.hpp"
#include "engine/review.hpp"
#include "protocol/analysis.hpp"
#include "server/app/core/client.hpp"

namespace pinfall::server {

namespace {

// A review runs the coach at every decision and once more through the game: it costs as many
// tokens as five hints (docs/protocol.md).
constexpr unsigned kReviewCost = 5;

// Each pool thread keeps one coach (tens of MB while searching; its rack search is reused by
// the next hint on the same rack).
engine::Coach& thread_coach() {
    thread_local engine::Coach coach;
    return coach;
}

double tenths(double v) { return std::round(v * 10) / 10; }

protocol::ReviewReply review_reply(protocol::GameId id, const engine::Record& record,
                                   const engine::GameReview& r) {
    protocol::ReviewReply m;
    m.game = id;
    m.ruleset = std::string(engine::ruleset_name(record.ruleset));
    m.score = r.score;
    m.par = r.par.par;
    m.par_line = engine::record_text(engine::par_record(record.ruleset, record.seed, r.par));
    m.start = r.start;
    m.cost = r.cost;
    m.luck = r.luck;
    m.engine = r.engine;
    for (const auto& d : r.decisions) {
        protocol::ReviewedMove mv;
        mv.index = d.index;
        mv.frame = d.frame;
        mv.ball = d.ball;
        mv.played = engine::action_text(d.played);
        mv.best = engine::action_text(d.best);
        mv.expected_played = d.expected_played;
        mv.expected_best = d.expected_best;
        mv.loss = d.loss();
        // The mark follows the loss as shown (one decimal), so a client sees the same threshold.
        mv.mark = std::string(engine::mistake_mark(tenths(d.loss())));
        m.moves.push_back(std::move(mv));
    }
    return m;
}

}  // namespace

bool Client::submit_analysis(const std::string& key, unsigned cost, protocol::Re re,
                             const std::shared_ptr<Outbox>& self, std::function<void()> job) {
    auto& limit = *services_.analysis_limit;
    if (!limit.take(key, cost)) {
        fail(self, re, code::kAnalysisLimited,
             "too many hints and reviews; try again in " +
                 std::to_string(limit.retry_after_s(key, cost)) + " s");
        return false;
    }
    if (!services_.analysis_pool->submit(std::move(job))) {
        fail(self, re, code::kAnalysisBusy, "the coach is busy; try again shortly");
        return false;
    }
    return true;
}

void Client::hint(const protocol::Request& r, const protocol::HintRequest& m,
                  const std::shared_ptr<Outbox>& self) {
    with_own_game(r, m.game, self, [this, keep = shared_from_this(), self, re = r.id,
                                    key = owner_key()](const std::shared_ptr<GameRoom>& room) {
        // On the room's strand: decide, and copy only what the player sees.
        if (room->mode() != storage::GameMode::kPractice) {
            return fail(self, re, code::kRankedGame, "hints are for practice games only");
        }
        if (room->game().over()) return fail(self, re, code::kGameOver, "the game is over");
        submit_analysis(key, 1, re, self,
                        [self, re, id = room->id(), view = engine::coach_view_of(room->game())] {
                            protocol::HintReply h;
                            h.game = id;
                            for (const auto& hint : thread_coach().hints(view)) {
                                h.plays.push_back({engine::action_text(hint.action), hint.expected});
                            }
                            self->send(make_message(protocol::encode_hint(re, h)));
                        });
    });
}

void Client::review(const protocol::Request& r, const protocol::ReviewRequest& m,
                    const std::shared_ptr<Outbox>& self) {
    auto row = std::make_shared<std::optional<storage::GameRow>>();
    auto round_closed = std::make_shared<bool>(false);
    services_.storage.read(
        [row, round_closed, game = m.game](storage::Store& st) {
            *row = st.game(game);
            *round_closed = *row && league_round_closed(st, **row);
            return storage::Status::ok();
        },
        [this, keep = shared_from_this(), self, row, round_closed, re = r.id,
         key = owner_key()](const storage::Status& st) {
            if (!st.is_ok()) return fail(self, re, code::kStorageError, "could not read the game");
            const auto& g = *row;
            if (!g) return fail(self, re, code::kUnknownGame, "no game with that id");
            if (!g->finished_at) return fail(self, re, code::kNotFinished, "the game is not finished");
            if (g->mode != storage::GameMode::kPractice && !queries_.is_public(*g, *round_closed)) {
                return fail(self, re, code::kNotRevealed,
                            "a ranked game is reviewed after its day's reveal or round's close");
            }
            // A game with take-backs is judged on its final line (docs/rules.md).
            engine::Record record{g->ruleset, g->seed, engine::final_line(g->actions)};
            submit_analysis(key, kReviewCost, re, self,
                            [this, keep, self, re, id = g->id, record = std::move(record)] {
                                const auto review = engine::review_game(record, thread_coach());
                                if (!review) {
                                    return fail(self, re, code::kStorageError,
                                                "the stored record does not replay");
                                }
                                self->send(make_message(protocol::encode_review(
                                    re, review_reply(id, record, *review))));
                            });
        });
}

}  // namespace pinfall::server
