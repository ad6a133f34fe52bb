#include "storage/leagues.hpp"

namespace pinfall::storage {

namespace {
constexpr const char* kColumns =
    "id, name, secretary, ruleset, rounds, games_per_round, round_days, start_date, handicap, "
    "handicap_percent, handicap_basis, entering_average, vacancy_score, invite_code, "
    "joining_open, started_at, ended_at, created_at";
}  // namespace

LeagueStore::LeagueStore(Database& db, Status* status) : db_(db) {
    Status s;
    auto prep = [&](Statement& into, const std::string& sql) {
        if (s.is_ok()) into = db_.prepare(sql, &s);
    };
    prep(create_,
         "INSERT INTO leagues (name, secretary, ruleset, rounds, games_per_round, round_days, "
         "start_date, handicap, handicap_percent, handicap_basis, entering_average, "
         "vacancy_score, invite_code, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?) "
         "ON CONFLICT (invite_code) DO NOTHING RETURNING id");
    prep(by_id_, std::string("SELECT ") + kColumns + " FROM leagues WHERE id = ?");
    // SQLite has one writer at a time: a write transaction is already alone.
    prep(by_id_locked_, std::string("SELECT ") + kColumns + " FROM leagues WHERE id = ?" +
                            (db.dialect() == Dialect::kPostgres ? " FOR UPDATE" : ""));
    prep(by_code_, std::string("SELECT ") + kColumns + " FROM leagues WHERE invite_code = ?");
    prep(running_, std::string("SELECT ") + kColumns +
                       " FROM leagues WHERE started_at IS NOT NULL AND ended_at IS NULL");
    prep(of_player_,
         std::string("SELECT ") + kColumns +
             ", (SELECT name FROM players p WHERE p.id = leagues.secretary), "
             "CASE WHEN EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = leagues.id "
             "AND m.player_id = ?) THEN 1 ELSE 0 END FROM leagues WHERE secretary = ? OR id IN "
             "(SELECT league_id FROM league_members WHERE player_id = ?) ORDER BY id DESC LIMIT ?");
    prep(members_,
         "SELECT m.player_id, p.name, m.seat, m.removed_from_round FROM league_members m "
         "JOIN players p ON p.id = m.player_id WHERE m.league_id = ? ORDER BY m.seat");
    prep(add_member_,
         "INSERT INTO league_members (league_id, player_id, seat) VALUES (?, ?, ?) "
         "ON CONFLICT (league_id, player_id) DO NOTHING");
    prep(remove_member_,
         "UPDATE league_members SET removed_from_round = ? WHERE league_id = ? AND player_id = ?");
    prep(set_joining_, "UPDATE leagues SET joining_open = ? WHERE id = ?");
    prep(set_started_, "UPDATE leagues SET started_at = ?, joining_open = FALSE WHERE id = ?");
    prep(set_ended_, "UPDATE leagues SET ended_at = ? WHERE id = ?");
    prep(close_round_,
         "INSERT INTO league_rounds (league_id, round, closed_at, early) VALUES (?, ?, ?, ?)");
    prep(closed_rounds_,
         "SELECT round, closed_at, early FROM league_rounds WHERE league_id = ? ORDER BY round");
    prep(set_avg_,
         "INSERT INTO league_daily_averages (league_id, round, player_id, average) "
         "VALUES (?, ?, ?, ?) ON CONFLICT (league_id, round, player_id) "
         "DO UPDATE SET average = excluded.average");
    prep(avgs_, "SELECT round, player_id, average FROM league_daily_averages WHERE league_id = ?");
    prep(daily_avg_,
         "SELECT count(*), sum(score) FROM games WHERE player_id = ? AND mode = 'daily' "
         "AND finished_at IS NOT NULL AND finished_at < ?");
    prep(log_,
         "INSERT INTO league_log (league_id, player_id, action, detail, at) VALUES (?,?,?,?,?)");
    // Results on the boards only: not held by the integrity review, of players not banned.
    prep(scores_,
         "SELECT g.player_id, g.league_round, g.league_game, g.score FROM games g "
         "JOIN players p ON p.id = g.player_id WHERE g.mode = 'league' AND g.league_id = ? "
         "AND g.finished_at IS NOT NULL AND g.review IN ('clean', 'cleared') "
         "AND p.banned_at IS NULL");
    prep(in_play_,
         "SELECT player_id, league_round, league_game FROM games WHERE mode = 'league' "
         "AND league_id = ? AND finished_at IS NULL "
         "ORDER BY league_round, league_game, player_id");
    prep(unfinished_,
         "SELECT id FROM games WHERE mode = 'league' AND league_id = ? AND league_round = ? "
         "AND finished_at IS NULL");
    prep(game_id_,
         "SELECT id FROM games WHERE mode = 'league' AND player_id = ? AND league_id = ? "
         "AND league_round = ? AND league_game = ?");
    *status = s;
}

LeagueRow LeagueStore::read(Statement& s) {
    LeagueRow r;
    r.id = s.int64(0);
    r.name = s.text(1);
    r.secretary = s.int64(2);
    r.ruleset = s.text(3);
    r.rounds = s.int32(4);
    r.games_per_round = s.int32(5);
    r.round_days = s.int32(6);
    r.start_date = s.text(7);
    r.handicap = s.int32(8) != 0;
    r.handicap_percent = s.int32(9);
    r.handicap_basis = s.int32(10);
    r.entering_average = s.int32(11);
    if (!s.is_null(12)) r.vacancy_score = s.int32(12);
    r.invite_code = s.text(13);
    r.joining_open = s.int32(14) != 0;
    if (!s.is_null(15)) r.started_at = s.int64(15);
    if (!s.is_null(16)) r.ended_at = s.int64(16);
    r.created_at = s.int64(17);
    return r;
}

std::vector<PlayerLeague> LeagueStore::of_player(PlayerId player, int limit) {
    of_player_.bind(1, player).bind(2, player).bind(3, player).bind(4, limit);
    std::vector<PlayerLeague> out;
    while (of_player_.step()) {
        PlayerLeague l;
        l.league = read(of_player_);
        l.secretary_name = of_player_.is_null(18) ? "" : of_player_.text(18);
        l.member = of_player_.int32(19) != 0;
        out.push_back(std::move(l));
    }
    of_player_.reset();
    return out;
}

Status LeagueStore::create(LeagueRow& row) {
    Statement& s = create_;
    s.bind(1, row.name).bind(2, row.secretary).bind(3, row.ruleset).bind(4, row.rounds);
    s.bind(5, row.games_per_round).bind(6, row.round_days).bind(7, row.start_date);
    s.bind(8, row.handicap ? 1 : 0).bind(9, row.handicap_percent).bind(10, row.handicap_basis);
    s.bind(11, row.entering_average).bind(12, row.vacancy_score).bind(13, row.invite_code);
    s.bind(14, row.created_at);
    return s.run_returning_id(&row.id);
}

std::optional<LeagueRow> LeagueStore::by_id(std::int64_t id) {
    by_id_.bind(1, id);
    std::optional<LeagueRow> out;
    if (by_id_.step()) out = read(by_id_);
    by_id_.reset();
    return out;
}

std::optional<LeagueRow> LeagueStore::by_id_locked(std::int64_t id) {
    by_id_locked_.bind(1, id);
    std::optional<LeagueRow> out;
    if (by_id_locked_.step()) out = read(by_id_locked_);
    by_id_locked_.reset();
    return out;
}

std::optional<LeagueRow> LeagueStore::by_code(const std::string& code) {
    by_code_.bind(1, code);
    std::optional<LeagueRow> out;
    if (by_code_.step()) out = read(by_code_);
    by_code_.reset();
    return out;
}

std::vector<LeagueRow> LeagueStore::running() {
    std::vector<LeagueRow> out;
    while (running_.step()) out.push_back(read(running_));
    running_.reset();
    return out;
}

std::vector<LeagueMemberRow> LeagueStore::members(std::int64_t league) {
    members_.bind(1, league);
    std::vector<LeagueMemberRow> out;
    while (members_.step()) {
        LeagueMemberRow m{members_.int64(0), members_.text(1), members_.int32(2), std::nullopt};
        if (!members_.is_null(3)) m.removed_from_round = members_.int32(3);
        out.push_back(std::move(m));
    }
    members_.reset();
    return out;
}

Status LeagueStore::add_member(std::int64_t league, PlayerId player, int seat) {
    Status st = add_member_.bind(1, league).bind(2, player).bind(3, seat).run();
    if (st.is_ok() && db_.changes() == 0) return Status::conflict("already a member");
    return st;
}

Status LeagueStore::remove_member(std::int64_t league, PlayerId player,
                                  std::optional<int> from_round) {
    // Before the season a removed member simply leaves; their row goes.
    if (!from_round) {
        return db_.exec("DELETE FROM league_members WHERE league_id = " + std::to_string(league) +
                        " AND player_id = " + std::to_string(player));
    }
    return remove_member_.bind(1, *from_round).bind(2, league).bind(3, player).run();
}

Status LeagueStore::set_joining(std::int64_t league, bool open) {
    return set_joining_.bind(1, open ? 1 : 0).bind(2, league).run();
}

Status LeagueStore::set_started(std::int64_t league, Millis at) {
    return set_started_.bind(1, at).bind(2, league).run();
}

Status LeagueStore::set_ended(std::int64_t league, Millis at) {
    return set_ended_.bind(1, at).bind(2, league).run();
}

Status LeagueStore::close_round(std::int64_t league, int round, Millis at, bool early) {
    return close_round_.bind(1, league).bind(2, round).bind(3, at).bind(4, early ? 1 : 0).run();
}

std::vector<LeagueRoundRow> LeagueStore::closed_rounds(std::int64_t league) {
    closed_rounds_.bind(1, league);
    std::vector<LeagueRoundRow> out;
    while (closed_rounds_.step()) {
        out.push_back(LeagueRoundRow{closed_rounds_.int32(0), closed_rounds_.int64(1),
                                     closed_rounds_.int32(2) != 0});
    }
    closed_rounds_.reset();
    return out;
}

Status LeagueStore::set_daily_average(std::int64_t league, int round, PlayerId player,
                                      int average) {
    return set_avg_.bind(1, league).bind(2, round).bind(3, player).bind(4, average).run();
}

std::map<int, std::map<PlayerId, int>> LeagueStore::daily_averages(std::int64_t league) {
    avgs_.bind(1, league);
    std::map<int, std::map<PlayerId, int>> out;
    while (avgs_.step()) out[avgs_.int32(0)][avgs_.int64(1)] = avgs_.int32(2);
    avgs_.reset();
    return out;
}

std::optional<int> LeagueStore::daily_average(PlayerId player, Millis before) {
    daily_avg_.bind(1, player).bind(2, before);
    std::optional<int> out;
    if (daily_avg_.step() && daily_avg_.int64(0) > 0) {
        out = static_cast<int>(daily_avg_.int64(1) / daily_avg_.int64(0));
    }
    daily_avg_.reset();
    return out;
}

Status LeagueStore::log(std::int64_t league, PlayerId player, const std::string& action,
                        const std::string& detail, Millis at) {
    return log_.bind(1, league).bind(2, player).bind(3, action).bind(4, detail).bind(5, at).run();
}

std::vector<LeagueScore> LeagueStore::scores(std::int64_t league) {
    scores_.bind(1, league);
    std::vector<LeagueScore> out;
    while (scores_.step()) {
        out.push_back(LeagueScore{scores_.int64(0), scores_.int32(1), scores_.int32(2),
                                  scores_.int32(3)});
    }
    scores_.reset();
    return out;
}

std::vector<LeagueGameSlot> LeagueStore::in_play(std::int64_t league) {
    in_play_.bind(1, league);
    std::vector<LeagueGameSlot> out;
    while (in_play_.step()) {
        out.push_back(LeagueGameSlot{in_play_.int64(0), in_play_.int32(1), in_play_.int32(2)});
    }
    in_play_.reset();
    return out;
}

std::vector<std::int64_t> LeagueStore::unfinished_games(std::int64_t league, int round) {
    unfinished_.bind(1, league).bind(2, round);
    std::vector<std::int64_t> out;
    while (unfinished_.step()) out.push_back(unfinished_.int64(0));
    unfinished_.reset();
    return out;
}

std::optional<std::int64_t> LeagueStore::game_id(PlayerId player, std::int64_t league, int round,
                                                 int game) {
    game_id_.bind(1, player).bind(2, league).bind(3, round).bind(4, game);
    std::optional<std::int64_t> out;
    if (game_id_.step()) out = game_id_.int64(0);
    game_id_.reset();
    return out;
}

}  // namespace pinfall::storage
