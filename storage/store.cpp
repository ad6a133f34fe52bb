#include "storage/store.hpp"

#include <algorithm>

#include "engine/record.hpp"
#include "storage/store_prepared.hpp"

namespace pinfall::storage {

const char* mode_name(GameMode m) {
    switch (m) {
        case GameMode::kPractice: return "practice";
        case GameMode::kDaily: return "daily";
        case GameMode::kLeague: return "league";
        case GameMode::kArena: return "arena";
    }
    return "practice";
}

std::optional<GameMode> parse_mode(std::string_view name) {
    if (name == "practice") return GameMode::kPractice;
    if (name == "daily") return GameMode::kDaily;
    if (name == "league") return GameMode::kLeague;
    if (name == "arena") return GameMode::kArena;
    return std::nullopt;
}

const char* review_state_name(ReviewState s) {
    switch (s) {
        case ReviewState::kClean: return "clean";
        case ReviewState::kReview: return "review";
        case ReviewState::kCleared: return "cleared";
        case ReviewState::kDisqualified: return "disqualified";
    }
    return "clean";
}

std::optional<ReviewState> parse_review_state(std::string_view name) {
    if (name == "clean") return ReviewState::kClean;
    if (name == "review") return ReviewState::kReview;
    if (name == "cleared") return ReviewState::kCleared;
    if (name == "disqualified") return ReviewState::kDisqualified;
    return std::nullopt;
}

namespace {

// The schema's CHECK allows only the modes named; anything else reads as practice.
GameMode stored_mode(const std::string& s) { return parse_mode(s).value_or(GameMode::kPractice); }

// A row of (game, player, name, day, score, strikes, spares, finished_at).
DailyResult read_result(const Statement& s) {
    return DailyResult{s.int64(0), s.int64(1), s.text(2), s.text(3), s.int32(4),
                       s.int32(5), s.int32(6), s.int64(7)};
}

}  // namespace

Store::Store(std::unique_ptr<Database> db) : db_(std::move(db)) {}
Store::~Store() = default;


Status Store::create_player(const std::string& name, const std::string& name_key,
                            const std::string& token_hash, Millis now, PlayerId* id) {
    Statement& s = q_->create_player;
    s.bind(1, name).bind(2, name_key).bind_blob(3, token_hash.data(), token_hash.size());
    s.bind(4, now);
    return s.run_returning_id(id);
}

std::optional<PlayerRow> Store::player_by_token(const std::string& token_hash) {
    Statement& s = q_->player_by_token;
    s.bind_blob(1, token_hash.data(), token_hash.size());
    std::optional<PlayerRow> out;
    if (s.step()) out = PlayerRow{s.int64(0), s.text(1), s.int64(2)};
    s.reset();
    return out;
}

std::optional<PlayerRow> Store::player(PlayerId id) {
    Statement& s = q_->player_by_id;
    s.bind(1, id);
    std::optional<PlayerRow> out;
    if (s.step()) out = PlayerRow{s.int64(0), s.text(1), s.int64(2)};
    s.reset();
    return out;
}

namespace {

constexpr const char* kInsertGame =
    "INSERT INTO games (player_id, mode, ruleset, seed, day, started_at, finished_at, "
    "score, strikes, spares, resigned, guest_id, league_id, league_round, "
    "league_game, origin_address, origin_browser, arena_id, arena_n, arena_berserk, "
    "id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ";

// Binds row's columns, id included when it is > 0 (else NULL), to an INSERT of kInsertGame.
void bind_game(Statement& s, const GameRow& row) {
    s.bind(1, row.player).bind(2, mode_name(row.mode)).bind(3, engine::ruleset_name(row.ruleset));
    s.bind_blob(4, row.seed.data(), row.seed.size());
    if (row.day.empty()) {
        s.bind_null(5);
    } else {
        s.bind(5, row.day);
    }
    s.bind(6, row.started_at).bind(7, row.finished_at).bind(8, row.score).bind(9, row.strikes);
    s.bind(10, row.spares).bind(11, row.resigned ? 1 : 0).bind(12, row.guest);
    s.bind(13, row.league);
    if (row.league) {
        s.bind(14, row.league_round).bind(15, row.league_game);
    } else {
        s.bind_null(14).bind_null(15);
    }
    s.bind(16, row.origin_address).bind(17, row.origin_browser);
    s.bind(18, row.arena);
    if (row.arena) {
        s.bind(19, row.arena_n);
    } else {
        s.bind_null(19);
    }
    s.bind(20, row.arena_berserk ? 1 : 0);
    if (row.id > 0) {
        s.bind(21, row.id);
    } else {
        s.bind_null(21);  // the next id after the largest
    }
}

}  // namespace

std::string insert_game_sql(const char* on_conflict) {
    return std::string(kInsertGame) +
           "coalesce(?, (SELECT coalesce(max(id), 0) + 1 FROM games))) " + on_conflict +
           " RETURNING id";
}

std::string insert_game_with_id_sql() { return std::string(kInsertGame) + "?)"; }

Status insert_game(Statement& s, GameRow& row) {
    bind_game(s, row);
    return s.run_returning_id(&row.id);
}

Status Store::create_game(GameRow& row) {
    // A game whose id was reserved (every game the server starts) needs no RETURNING, which
    // SQLite answers through a temporary table: a tenth of the storage worker's instructions
    // in a closed loop of practice games (bench/instructions.sh).
    if (row.id > 0) {
        bind_game(q_->create_game_with_id, row);
        return q_->create_game_with_id.run();
    }
    return insert_game(q_->create_game, row);
}

Status Store::append_action(GameRowId game, int index, const std::string& action) {
    // Its answer is only success or failure: in a batch it need not be waited for.
    return q_->append_action.bind(1, game).bind(2, index).bind(3, action).run_deferred();
}

Status Store::finish_game(GameRowId game, int score, int strikes, int spares, bool resigned,
                          Millis finished_at) {
    Statement& s = q_->finish_game;
    s.bind(1, score).bind(2, strikes).bind(3, spares).bind(4, resigned ? 1 : 0);
    s.bind(5, finished_at).bind(6, game);
    Status st = s.run();
    if (st.is_ok() && db_->changes() == 0) return Status::not_found("no unfinished game " +
                                                                    std::to_string(game));
    return st;
}

namespace {

std::string actions_text(const std::vector<engine::Action>& actions) {
    std::string text;
    text.reserve(8 * actions.size());  // a play is some 6 characters
    for (const auto& a : actions) {
        if (!text.empty()) text += ' ';
        engine::append_action_text(text, a);
    }
    return text;
}

}  // namespace

Status Store::save_actions(GameRowId game, const std::vector<engine::Action>& actions) {
    Status st = q_->save_record.bind(1, actions_text(actions)).bind(2, game).run();
    if (st.is_ok() && db_->changes() == 0) return Status::not_found("no game " + std::to_string(game));
    return st;
}

Status Store::finish_game_with_actions(GameRowId game, const std::vector<engine::Action>& actions,
                                       int score, int strikes, int spares, bool resigned,
                                       Millis finished_at) {
    Statement& s = q_->finish_game_with_record;
    s.bind(1, actions_text(actions)).bind(2, score).bind(3, strikes).bind(4, spares);
    s.bind(5, resigned ? 1 : 0).bind(6, finished_at).bind(7, game);
    Status st = s.run();
    if (st.is_ok() && db_->changes() == 0) return Status::not_found("no unfinished game " +
                                                                    std::to_string(game));
    return st;
}

Status Store::save_finished_game(GameRow& row) {
    if (Status s = create_game(row); !s.is_ok()) return s;
    return save_actions(row.id, row.actions);
}

GameRow Store::read_game(Statement& s) {
    GameRow g;
    g.id = s.int64(0);
    if (!s.is_null(1)) g.player = s.int64(1);
    g.mode = stored_mode(s.text(2));
    g.ruleset = engine::parse_ruleset(s.text(3)).value_or(engine::Ruleset::kSackson);
    const std::string seed = s.blob(4);
    std::copy(seed.begin(), seed.end(), g.seed.begin());
    g.day = s.text(5);
    g.started_at = s.int64(6);
    if (!s.is_null(7)) g.finished_at = s.int64(7);
    g.score = s.int32(8);
    g.strikes = s.int32(9);
    g.spares = s.int32(10);
    g.resigned = s.int32(11) != 0;
    if (!s.is_null(12)) g.guest = s.int64(12);
    if (!s.is_null(13)) {
        g.league = s.int64(13);
        g.league_round = s.int32(14);
        g.league_game = s.int32(15);
    }
    if (!s.is_null(16)) g.stored_record = s.text(16);
    if (!s.is_null(17)) g.par = s.int32(17);
    g.review = parse_review_state(s.text(18)).value_or(ReviewState::kClean);
    if (!s.is_null(19)) g.origin_address = s.text(19);
    if (!s.is_null(20)) g.origin_browser = s.text(20);
    if (!s.is_null(21)) {
        g.arena = s.int64(21);
        g.arena_n = s.is_null(22) ? 0 : s.int32(22);
    }
    g.arena_berserk = s.int64(23) != 0;
    if (!s.is_null(24)) g.arena_points = s.int32(24);
    return g;
}

Status Store::load_actions(GameRow& row) {
    if (row.stored_record) {
        // Stored whole: one text of action tokens.
        std::size_t at = 0;
        const std::string& text = *row.stored_record;
        while (at < text.size()) {
            const auto end = std::min(text.find(' ', at), text.size());
            auto a = engine::parse_action(std::string_view(text).substr(at, end - at));
            if (!a) return Status::error("unreadable record of game " + std::to_string(row.id));
            row.actions.push_back(*a);
            at = end + 1;
        }
        return Status::ok();
    }
    Statement& s = q_->actions_of;
    s.bind(1, row.id);
    while (s.step()) {
        auto a = engine::parse_action(s.text(0));
        if (!a) {
            s.reset();
            return Status::error("unreadable action in game " + std::to_string(row.id));
        }
        row.actions.push_back(*a);
    }
    Status st = s.status();
    s.reset();
    return st;
}

std::optional<GameRow> Store::game(GameRowId id) {
    Statement& s = q_->game_by_id;
    s.bind(1, id);
    std::optional<GameRow> out;
    if (s.step()) out = read_game(s);
    s.reset();
    if (out && !load_actions(*out).is_ok()) return std::nullopt;
    return out;
}

std::optional<GameRow> Store::daily_attempt(PlayerId player, const std::string& day) {
    Statement& s = q_->daily_attempt;
    s.bind(1, player).bind(2, day);
    std::optional<GameRow> out;
    if (s.step()) out = read_game(s);
    s.reset();
    if (out && !load_actions(*out).is_ok()) return std::nullopt;
    return out;
}

std::vector<GameRow> Store::unfinished_ranked_games() {
    std::vector<GameRow> out;
    Statement& s = q_->unfinished;
    while (s.step()) out.push_back(read_game(s));
    s.reset();
    for (auto& g : out) load_actions(g);
    return out;
}

std::vector<DailyResult> Store::daily_results(const std::string& day) {
    Statement& s = day.empty() ? q_->daily_results_all : q_->daily_results_day;
    if (!day.empty()) s.bind(1, day);
    std::vector<DailyResult> out;
    while (s.step()) {
        out.push_back(read_result(s));
    }
    s.reset();
    return out;
}

std::vector<DailyResult> Store::daily_results_of(PlayerId player) {
    Statement& s = q_->daily_results_player;
    s.bind(1, player);
    std::vector<DailyResult> out;
    while (s.step()) out.push_back(read_result(s));
    s.reset();
    return out;
}

std::vector<PlayedGame> Store::games_of(PlayerId player) {
    Statement& s = q_->games_of;
    s.bind(1, player);
    std::vector<PlayedGame> out;
    while (s.step()) {
        out.push_back(PlayedGame{s.int64(0), stored_mode(s.text(1)), s.text(2), s.int32(3),
                                 s.int32(4), s.int32(5), s.int64(6), std::nullopt});
        if (!s.is_null(7)) out.back().par = s.int32(7);
        out.back().review = parse_review_state(s.text(8)).value_or(ReviewState::kClean);
    }
    s.reset();
    return out;
}

std::vector<DailyResult> Store::best_ranked_games() {
    Statement& s = q_->best_ranked;
    std::vector<DailyResult> out;
    while (s.step()) {
        out.push_back(read_result(s));
    }
    s.reset();
    return out;
}

std::vector<PlayerTotals> Store::ranked_totals_since(Millis since, int min_games) {
    Statement& s = q_->totals_since;
    s.bind(1, since).bind(2, min_games);
    std::vector<PlayerTotals> out;
    while (s.step()) out.push_back(PlayerTotals{s.int64(0), s.text(1), s.int32(2), s.int64(3)});
    s.reset();
    return out;
}

Status Store::mark_revealed(const std::string& day, Millis at) {
    return q_->mark_revealed.bind(1, day).bind(2, at).run();
}

bool Store::is_revealed(const std::string& day) {
    Statement& s = q_->is_revealed;
    s.bind(1, day);
    const bool yes = s.step();
    s.reset();
    return yes;
}

}  // namespace pinfall::storage
