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
    }
    return "practice";
}

namespace {

GameMode parse_mode(const std::string& s) {
    if (s == "daily") return GameMode::kDaily;
    if (s == "league") return GameMode::kLeague;
    return GameMode::kPractice;
}

// A row of (game, player, name, day, score, strikes, spares, finished_at).
DailyResult read_result(const Statement& s) {
    return DailyResult{s.int64(0), s.int64(1), s.text(2), s.text(3), s.int32(4),
                       s.int32(5), s.int32(6), s.int64(7)};
}

constexpr const char* kGameColumns =
    "id, player_id, mode, ruleset, seed, day, started_at, finished_at, score, strikes, spares, "
    "resigned, guest_id, league_id, league_round, league_game, record";

std::string game_query(const char* where) {
    return std::string("SELECT ") + kGameColumns + " FROM games WHERE " + where;
}

}  // namespace

Store::Store(std::unique_ptr<Database> db) : db_(std::move(db)) {}
Store::~Store() = default;

Status Store::prepare_all() {
    Status s;
    auto prep = [&](Statement& into, const std::string& sql) {
        if (!s.is_ok()) return;
        into = db_->prepare(sql, &s);
    };
    Prepared& q = *q_;
    prep(q.create_player,
         "INSERT INTO players (name, name_key, token_hash, created_at) VALUES (?, ?, ?, ?) "
         "RETURNING id");
    prep(q.player_by_token, "SELECT id, name, created_at FROM players WHERE token_hash = ?");
    prep(q.player_by_id, "SELECT id, name, created_at FROM players WHERE id = ?");
    prep(q.create_game,
         "INSERT INTO games (player_id, mode, ruleset, seed, day, started_at, finished_at, score, "
         "strikes, spares, resigned, guest_id, league_id, league_round, league_game, id) "
         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
         "coalesce(?, (SELECT coalesce(max(id), 0) + 1 FROM games))) RETURNING id");
    prep(q.append_action, "INSERT INTO actions (game_id, idx, action) VALUES (?, ?, ?)");
    prep(q.save_record, "UPDATE games SET record = ? WHERE id = ?");
    prep(q.finish_game,
         "UPDATE games SET score = ?, strikes = ?, spares = ?, resigned = ?, finished_at = ? "
         "WHERE id = ? AND finished_at IS NULL");
    prep(q.game_by_id, game_query("id = ?"));
    prep(q.daily_attempt, game_query("mode = 'daily' AND player_id = ? AND day = ?"));
    prep(q.actions_of, "SELECT action FROM actions WHERE game_id = ? ORDER BY idx");
    prep(q.unfinished, game_query("finished_at IS NULL AND mode IN ('daily', 'league')"));
    const char* results =
        "SELECT g.id, g.player_id, p.name, g.day, g.score, g.strikes, g.spares, g.finished_at "
        "FROM games g JOIN players p ON p.id = g.player_id "
        "WHERE g.mode = 'daily' AND g.finished_at IS NOT NULL";
    prep(q.daily_results_day, std::string(results) + " AND g.day = ?");
    prep(q.daily_results_all, results);
    prep(q.games_of,
         "SELECT id, mode, day, score, strikes, spares, finished_at FROM games "
         "WHERE player_id = ? AND finished_at IS NOT NULL ORDER BY finished_at");
    prep(q.best_ranked,
         "SELECT g.id, g.player_id, p.name, coalesce(g.day, ''), g.score, g.strikes, g.spares, "
         "g.finished_at FROM games g JOIN players p ON p.id = g.player_id "
         "WHERE g.id = (SELECT b.id FROM games b WHERE b.player_id = g.player_id "
         "AND b.mode IN ('daily', 'league') AND b.finished_at IS NOT NULL "
         "ORDER BY b.score DESC, b.finished_at ASC, b.id ASC LIMIT 1)");
    prep(q.totals_since,
         "SELECT g.player_id, p.name, count(*), sum(g.score) FROM games g "
         "JOIN players p ON p.id = g.player_id WHERE g.mode IN ('daily', 'league') "
         "AND g.finished_at >= ? GROUP BY g.player_id, p.name HAVING count(*) >= ?");
    prep(q.mark_revealed,
         "INSERT INTO revealed_days (day, revealed_at) VALUES (?, ?) ON CONFLICT DO NOTHING");
    prep(q.is_revealed, "SELECT 1 FROM revealed_days WHERE day = ?");
    if (s.is_ok()) s = prepare_ids_and_guests();
    return s;
}

// The transaction state is kept here, not left to the backend: PostgreSQL only warns about a
// BEGIN inside a transaction or a COMMIT outside one, and both are caller bugs on either.
Status Store::begin() {
    if (in_transaction_) return Status::error("a transaction is already open");
    Status s = q_->begin.run();
    in_transaction_ = s.is_ok();
    return s;
}

Status Store::commit() {
    if (!in_transaction_) return Status::error("no transaction is open");
    Status s = q_->commit.run();
    // A failed COMMIT leaves the transaction to roll back (SQLite keeps it open when busy).
    if (s.is_ok()) in_transaction_ = false;
    return s;
}

Status Store::savepoint() { return q_->savepoint.run(); }
Status Store::rollback_to_savepoint() { return q_->rollback_to.run(); }
Status Store::release_savepoint() { return q_->release.run(); }

Status Store::next_savepoint() {
    // SQLite runs in-process: two prepared statements are cheapest. PostgreSQL pays a round
    // trip a statement: both go in one simple query.
    if (db_->dialect() == Dialect::kPostgres) return db_->exec("RELEASE job; SAVEPOINT job");
    Status s = q_->release.run();
    return s.is_ok() ? q_->savepoint.run() : s;
}

Status Store::rollback() {
    if (!in_transaction_) return Status::error("no transaction is open");
    in_transaction_ = false;
    return q_->rollback.run();
}

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

Status Store::create_game(GameRow& row) {
    Statement& s = q_->create_game;
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
    if (row.id > 0) {
        s.bind(16, row.id);
    } else {
        s.bind_null(16);  // the next id after the largest
    }
    return s.run_returning_id(&row.id);
}

Status Store::append_action(GameRowId game, int index, const std::string& action) {
    return q_->append_action.bind(1, game).bind(2, index).bind(3, action).run();
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

Status Store::save_actions(GameRowId game, const std::vector<engine::Action>& actions) {
    std::string text;
    for (const auto& a : actions) {
        if (!text.empty()) text += ' ';
        text += engine::action_text(a);
    }
    Status st = q_->save_record.bind(1, text).bind(2, game).run();
    if (st.is_ok() && db_->changes() == 0) return Status::not_found("no game " + std::to_string(game));
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
    g.mode = parse_mode(s.text(2));
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

std::vector<PlayedGame> Store::games_of(PlayerId player) {
    Statement& s = q_->games_of;
    s.bind(1, player);
    std::vector<PlayedGame> out;
    while (s.step()) {
        out.push_back(PlayedGame{s.int64(0), parse_mode(s.text(1)), s.text(2), s.int32(3),
                                 s.int32(4), s.int32(5), s.int64(6)});
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
