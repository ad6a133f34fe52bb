// Store: par of finished games and of revealed days (schema version 7).
#include "storage/store_prepared.hpp"

namespace pinfall::storage {

Status Store::prepare_par() {
    Status s;
    auto prep = [&](Statement& into, const char* sql) {
        if (s.is_ok()) into = db_->prepare(sql, &s);
    };
    Prepared& q = *q_;
    prep(q.set_game_par, "UPDATE games SET par = ? WHERE id = ?");
    prep(q.set_day_par,
         "INSERT INTO revealed_days (day, revealed_at, par, par_line) VALUES (?1, ?2, ?3, ?4) "
         "ON CONFLICT (day) DO UPDATE SET par = excluded.par, par_line = excluded.par_line");
    prep(q.day_games_par, "UPDATE games SET par = ? WHERE mode = 'daily' AND day = ?");
    prep(q.day_par, "SELECT par, par_line FROM revealed_days WHERE day = ? AND par IS NOT NULL");
    return s;
}

Status Store::set_game_par(GameRowId game, int par) {
    Statement& s = q_->set_game_par;
    s.bind(1, par).bind(2, game);
    Status st = s.run();
    if (st.is_ok() && db_->changes() == 0) return Status::not_found("no game " + std::to_string(game));
    return st;
}

Status Store::reveal_day_par(const std::string& day, int par, const std::string& line, Millis now) {
    Statement& d = q_->set_day_par;
    d.bind(1, day).bind(2, now).bind(3, par).bind(4, line);
    if (Status st = d.run(); !st.is_ok()) return st;
    Statement& g = q_->day_games_par;
    g.bind(1, par).bind(2, day);
    return g.run();
}

std::optional<std::pair<int, std::string>> Store::day_par(const std::string& day) {
    Statement& s = q_->day_par;
    s.bind(1, day);
    std::optional<std::pair<int, std::string>> out;
    if (s.step()) out = std::make_pair(s.int32(0), s.text(1));
    s.reset();
    return out;
}

}  // namespace pinfall::storage
