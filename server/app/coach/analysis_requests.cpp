#include "server/app/coach/analysis_requests.hpp"

#include <boost/asio/post.hpp>

#include <cmath>

#include "engine/coach.hpp"
#include "engine/record.hpp"
#include "engine/review.hpp"
#include "protocol/analysis.hpp"
#include "server/app/core/error_codes.hpp"
#include "server/app/games/game_visibility.hpp"

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

bool AnalysisRequests::handle(Connection& c, const protocol::Request& r,
                              const std::shared_ptr<Outbox>& self, Received) {
    if (const auto* h = std::get_if<protocol::HintRequest>(&r.body)) {
        hint(c, r, *h, self);
    } else if (const auto* v = std::get_if<protocol::ReviewRequest>(&r.body)) {
        review(c, r, *v, self);
    } else {
        return false;
    }
    return true;
}

bool AnalysisRequests::submit_analysis(const Connection& c, const std::string& key, unsigned cost,
                                       protocol::Re re, const std::shared_ptr<Outbox>& self,
                                       std::function<void()> job) {
    if (!d_.limit.take(key, cost)) {
        c.fail(self, re, code::kAnalysisLimited,
               "too many hints and reviews; try again in " +
                   std::to_string(d_.limit.retry_after_s(key, cost)) + " s");
        return false;
    }
    if (!d_.pool.submit(std::move(job))) {
        c.fail(self, re, code::kAnalysisBusy, "the coach is busy; try again shortly");
        return false;
    }
    return true;
}

void AnalysisRequests::hint(Connection& c, const protocol::Request& r,
                            const protocol::HintRequest& m, const std::shared_ptr<Outbox>& self) {
    d_.own_games.with_own_game(c, m.game, r.id, self, [this, conn = c.shared_from_this(), self,
                                                       re = r.id, key = c.owner_key()](
                                                          const std::shared_ptr<GameRoom>& room) {
        // On the room's strand: decide, and copy only what the player sees.
        if (room->mode() != storage::GameMode::kPractice) {
            return conn->fail(self, re, code::kRankedGame, "hints are for practice games only");
        }
        if (room->game().over()) return conn->fail(self, re, code::kGameOver, "the game is over");
        submit_analysis(*conn, key, 1, re, self,
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

void AnalysisRequests::review(Connection& c, const protocol::Request& r,
                              const protocol::ReviewRequest& m, const std::shared_ptr<Outbox>& self) {
    auto row = std::make_shared<std::optional<storage::GameRow>>();
    auto round_closed = std::make_shared<bool>(false);
    d_.storage.read(
        [row, round_closed, game = m.game](storage::Store& st) {
            *row = st.game(game);
            *round_closed = *row && league_round_closed(st, **row);
            return storage::Status::ok();
        },
        [this, conn = c.shared_from_this(), self, row, round_closed, re = r.id,
         key = c.owner_key()](const storage::Status& st) {
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not read the game");
            const auto& g = *row;
            if (!g) return conn->fail(self, re, code::kUnknownGame, "no game with that id");
            if (!g->finished_at) return conn->fail(self, re, code::kNotFinished, "the game is not finished");
            if (g->mode != storage::GameMode::kPractice &&
                !is_public(*g, *round_closed, d_.clock.now())) {
                return conn->fail(self, re, code::kNotRevealed,
                                  "a ranked game is reviewed after its day's reveal or round's close");
            }
            // A game with take-backs is judged on its final line (docs/rules.md).
            engine::Record record{g->ruleset, g->seed, engine::final_line(g->actions)};
            submit_analysis(*conn, key, kReviewCost, re, self,
                            [conn, self, re, id = g->id, record = std::move(record)] {
                                const auto review = engine::review_game(record, thread_coach());
                                if (!review) {
                                    return conn->fail(self, re, code::kStorageError,
                                                      "the stored record does not replay");
                                }
                                self->send(make_message(protocol::encode_review(
                                    re, review_reply(id, record, *review))));
                            });
        });
}

}  // namespace pinfall::server
