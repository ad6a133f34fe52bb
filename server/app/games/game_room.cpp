#include "server/app/games/game_room.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "engine/record.hpp"
#include "engine/view.hpp"
#include "server/app/core/calendar.hpp"

namespace pinfall::server {

namespace {

// docs/protocol.md: the code hints and take-backs share in ranked games.
constexpr const char* code_ranked_game = "ranked_game";

void count_marks(const engine::ScoreSheet& sheet, int* strikes, int* spares) {
    *strikes = *spares = 0;
    for (int f = 1; f <= engine::kFrames; ++f) {
        for (const char c : sheet.marks(f)) {
            *strikes += c == 'X';
            *spares += c == '/';
        }
    }
}

}  // namespace

std::shared_ptr<GameRoom> GameRoom::restore(Strand strand,
                                            const storage::GameRow& row, Owner owner,
                                            std::string player_name, RoomContext& ctx) {
    engine::Events events;
    engine::Game game(row.ruleset, row.seed, &events);
    std::uint64_t version = events.size();
    for (const auto& a : row.actions) {
        events.clear();
        if (game.apply(a, &events)) return nullptr;
        version += events.size();
    }
    return std::make_shared<GameRoom>(std::move(strand), row, std::move(owner),
                                      std::move(player_name), std::move(game), version, ctx);
}

GameRoom::GameRoom(Strand strand, const storage::GameRow& row, Owner owner,
                   std::string player_name, engine::Game game, std::uint64_t version,
                   RoomContext& ctx)
    : strand_(std::move(strand)),
      id_(row.id),
      owner_(std::move(owner)),
      player_name_(std::move(player_name)),
      mode_(row.mode),
      day_(row.day),
      started_at_(row.started_at),
      game_(std::move(game)),
      league_(row.league ? std::optional(protocol::LeagueGameRef{
                               *row.league, row.league_round, row.league_game,
                               engine::commitment_hex(row.seed)})
                         : std::nullopt),
      arena_(row.arena ? std::optional(protocol::ArenaGameRef{
                             *row.arena, row.arena_n, engine::commitment_hex(row.seed),
                             row.arena_berserk,
                             row.arena_deadline ? std::optional(format_rfc3339_ms(*row.arena_deadline))
                                                : std::nullopt})
                       : std::nullopt),
      par_(row.arena ? row.par : std::nullopt),
      version_(version),
      ctx_(ctx),
      last_active_(std::chrono::steady_clock::now().time_since_epoch().count()) {
    events_.reserve(16);
    finished_.store(game_.over(), std::memory_order_release);
}

protocol::GameRef GameRoom::ref() const {
    return protocol::GameRef{id_, storage::mode_name(mode_), league_ ? &*league_ : nullptr,
                             arena_ ? &*arena_ : nullptr};
}

std::unique_ptr<protocol::Reveal> GameRoom::reveal() const {
    // A finished practice game reveals its deals and record at once; a ranked one only when
    // its day is revealed, through the stored-game API (docs/rules.md, "Hidden information").
    if (!game_.over() || ranked()) return nullptr;
    auto r = std::make_unique<protocol::Reveal>();
    r->seed = game_.seed();
    r->record = engine::record_text(engine::record_of(game_));
    // The deals as the game dealt them: hashing them again was some 4% of a practice game's
    // instructions (bench/instructions.sh).
    r->deals.reserve(static_cast<std::size_t>(game_.deal_index()) + 1);
    for (int k = 0; k <= game_.deal_index(); ++k) r->deals.push_back(game_.dealt(k));
    return r;
}

void GameRoom::subscribe(const std::shared_ptr<Outbox>& o) {
    last_active_.store(std::chrono::steady_clock::now().time_since_epoch().count(),
                       std::memory_order_relaxed);
    std::erase_if(subscribers_, [](const auto& w) { return w.expired(); });
    // Same owner (control block): no lock(), so no reference count touched on every action.
    const bool known = std::any_of(subscribers_.begin(), subscribers_.end(), [&o](const auto& w) {
        return !w.owner_before(o) && !o.owner_before(w);
    });
    if (!known) subscribers_.push_back(o);
}

void GameRoom::snapshot(protocol::Re re, const std::shared_ptr<Outbox>& to) {
    subscribe(to);
    const auto r = reveal();
    to->send(make_message(
        protocol::encode_snapshot(re, ref(), version_, engine::view_of(game_), r.get())));
}

void GameRoom::end_where_it_stands(const char* why) {
    if (game_.over() || broken()) return;
    spdlog::info("[g{}] {}: the game ends where it stands", id_, why);
    apply(engine::Action::resign(), std::nullopt, nullptr, std::chrono::steady_clock::now());
}

void GameRoom::end_at_reveal() {
    if (game_.over() || broken()) return;
    spdlog::info("[g{}] daily {} revealed: attempt ends where it stands", id_, day_);
    apply(engine::Action::resign(), std::nullopt, nullptr, std::chrono::steady_clock::now());
}

void GameRoom::save_unfinished_practice() {
    if (ranked() || game_.over() || broken() || game_.actions().empty()) return;
    auto save = [id = id_, actions = game_.actions()](storage::Store& s) {
        return s.save_actions(id, actions);
    };
    ctx_.storage.write(std::move(save), nullptr);
}

bool GameRoom::evict_if_idle(std::chrono::steady_clock::time_point cutoff) {
    if (ranked() || game_.over() || broken() || evicted_ || last_active() >= cutoff) return false;
    save_unfinished_practice();
    evicted_ = true;
    return true;
}

void GameRoom::hand_over() {
    if (evicted_) return;
    save_unfinished_practice();
    evicted_ = true;
}

void GameRoom::act(const engine::Action& action, protocol::Re re,
                   const std::shared_ptr<Outbox>& requester,
                   std::chrono::steady_clock::time_point received) {
    subscribe(requester);
    if (mode_ == storage::GameMode::kDaily && !game_.over()) {
        const auto start = day_start(day_);
        if (start && ctx_.clock.now() >= reveal_time(*start)) end_at_reveal();
    }
    if (ranked() && action.kind == engine::Action::Kind::kUndo) {
        ctx_.metrics.reject(code_ranked_game);
        requester->send(make_message(protocol::encode_error(
            re, code_ranked_game, "ranked games allow no take-backs")));
        return;
    }
    if (broken()) {
        ctx_.metrics.reject("storage_error");
        requester->send(make_message(protocol::encode_error(
            re, "storage_error", "the game could not be saved; reload it and try again")));
        return;
    }
    apply(action, re, requester, received);
}

storage::GameRow GameRoom::finished_row() const {
    storage::GameRow row;
    row.id = id_;
    row.player = owner_.player;
    row.mode = mode_;
    row.ruleset = game_.ruleset();
    row.seed = game_.seed();
    row.day = day_;
    row.started_at = started_at_;
    row.finished_at = unix_ms(ctx_.clock.now());
    row.actions = game_.actions();
    row.score = game_.score();
    count_marks(game_.sheet(), &row.strikes, &row.spares);
    row.resigned = game_.resigned();
    if (league_) {  // on_finished tells the league's watchers (LeagueNews)
        row.league = league_->league;
        row.league_round = league_->round;
        row.league_game = league_->game;
    }
    if (arena_) {  // on_finished tells the arena's standings (ArenaHall)
        row.arena = arena_->arena;
        row.arena_n = arena_->n;
        row.arena_berserk = arena_->berserk;
        row.par = par_;
    }
    return row;
}

storage::Status GameRoom::persist(storage::Store& s, int index, const engine::Action& a,
                                  const std::optional<storage::GameRow>& final_row) const {
    if (broken()) return storage::Status::error("an earlier write of this game failed");
    storage::Status st;
    if (ranked()) {
        st = s.append_action(id_, index, engine::action_text(a));
        if (st.is_ok() && final_row) {
            st = s.finish_game(id_, final_row->score, final_row->strikes, final_row->spares,
                               final_row->resigned, *final_row->finished_at);
        }
    } else if (final_row) {
        // Practice games store their actions once, at the end, as one text, in the UPDATE
        // that finishes them.
        st = s.finish_game_with_actions(id_, final_row->actions, final_row->score,
                                        final_row->strikes, final_row->spares,
                                        final_row->resigned, *final_row->finished_at);
    }
    if (st.is_ok() && final_row) {
        if (ctx_.in_finish_transaction) {
            st = ctx_.in_finish_transaction(s, *final_row, player_name_);
        }
    }
    return st;
}

void GameRoom::deliver(Outbox* requester, Message with_re,
                       const std::vector<std::shared_ptr<Outbox>>& others, const Message& plain,
                       std::chrono::steady_clock::time_point received) {
    if (requester) requester->send(std::move(with_re));
    for (const auto& o : others) o->send(plain);
    ctx_.metrics.actions_accepted.fetch_add(1, std::memory_order_relaxed);
    ctx_.metrics.observe_action(std::chrono::steady_clock::now() - received);
}

void GameRoom::apply(const engine::Action& action, protocol::Re re,
                     const std::shared_ptr<Outbox>& requester,
                     std::chrono::steady_clock::time_point received) {
    events_.clear();
    if (const auto err = game_.apply(action, &events_)) {
        const auto name = engine::error_code_name(err->code);
        ctx_.metrics.reject(name);
        if (!requester) return;
        // A refused play says which rule it broke and with which pins and cards, so a client
        // can explain it; the game is unchanged, so the detail is computed on it as it stands.
        const auto detail = engine::explain_play(game_, action);
        requester->send(make_message(detail ? protocol::encode_play_error(re, *detail, err->message)
                                            : protocol::encode_error(re, name, err->message)));
        return;
    }
    const std::uint64_t first = version_ + 1;
    version_ += events_.size();
    const bool over = game_.over();
    if (over) {
        finished_.store(true, std::memory_order_release);
        ctx_.metrics.games_active.fetch_sub(1, std::memory_order_relaxed);
    }
    const auto r = reveal();
    const engine::View after = engine::view_of(game_);
    // A take-back cannot be applied as events: everyone watching gets the whole position (a
    // `game` snapshot at the new version) instead of an update.
    const bool undo = action.kind == engine::Action::Kind::kUndo;
    auto encode = [&](protocol::Re to) {
        return undo ? protocol::encode_snapshot(to, ref(), version_, after, r.get())
                    : protocol::encode_update(to, ref(), first, events_, after, r.get());
    };
    Message with_re;
    if (requester) with_re = make_message(encode(re));
    std::vector<std::shared_ptr<Outbox>> others;
    for (const auto& w : subscribers_) {
        // The requester by its owner (as subscribe() found it), without a lock() of its own.
        if (requester && !w.owner_before(requester) && !requester.owner_before(w)) continue;
        if (auto o = w.lock()) others.push_back(std::move(o));
    }
    Message plain;
    if (!others.empty()) {
        plain = make_message(encode(std::nullopt));
    }
    if (!ranked() && !over) {  // a practice action: nothing to store, sent at once
        return deliver(requester.get(), std::move(with_re), others, plain, received);
    }
    auto tell = [this, requester, with_re, others = std::move(others), plain, received] {
        deliver(requester.get(), with_re, others, plain, received);
    };
    std::optional<storage::GameRow> final_row;
    if (over) final_row = finished_row();
    const int index = static_cast<int>(game_.actions().size()) - 1;
    auto self = shared_from_this();
    // A ranked action is durable before it is acknowledged; a practice game's end is stored in
    // the background (write_lazy: nobody waits for it, so it may share a later COMMIT).
    auto write = ranked() ? &StorageWorker::write : &StorageWorker::write_lazy;
    (ctx_.storage.*write)(
        [self, index, action, final_row](storage::Store& s) {
            return self->persist(s, index, action, final_row);
        },
        [self, deliver = ranked() ? std::function<void()>(tell) : std::function<void()>(),
         final_row, requester, re](const storage::Status& st) {
            // Set at once, on the worker thread, so later writes of this game fail too.
            if (!st.is_ok()) self->broken_.store(true, std::memory_order_release);
            boost::asio::post(self->strand_, [self, st, deliver, final_row, requester, re] {
                if (!st.is_ok()) {
                    spdlog::error("[g{}] write failed: {}", self->id_, st.message());
                    if (requester && deliver) {
                        self->ctx_.metrics.reject("storage_error");
                        requester->send(make_message(protocol::encode_error(
                            re, "storage_error", "the action could not be saved; reload")));
                    }
                    return;
                }
                // The leaderboard hears of a finished game before its player does: a player who
                // asks for the board on seeing game_over must find the game on it.
                if (final_row && self->ctx_.on_finished) {
                    self->ctx_.on_finished(FinishedGame{*final_row, self->player_name_});
                }
                if (deliver) deliver();
            });
        });
    // A finished practice game is told after its end is queued for storage, so a request the
    // player makes on seeing game_over (record, verify) is read after that write.
    if (!ranked()) tell();
}

}  // namespace pinfall::server
