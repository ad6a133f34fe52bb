// Store: passwords and token rotation (schema version 8). Rotation is two statements; the
// storage worker runs every write inside a transaction (a savepoint per job), so a failure
// between them leaves the old tokens working rather than none.
#include "storage/store_prepared.hpp"

namespace pinfall::storage {

Status Store::prepare_accounts() {
    Status s;
    auto prep = [&](Statement& into, const char* sql) {
        if (s.is_ok()) into = db_->prepare(sql, &s);
    };
    Prepared& q = *q_;
    prep(q.player_login,
         "SELECT id, name, created_at, password_hash FROM players WHERE name_key = ?");
    prep(q.password_hash, "SELECT password_hash FROM players WHERE id = ?");
    prep(q.set_password_hash, "UPDATE players SET password_hash = ? WHERE id = ?");
    prep(q.add_player_token,
         "INSERT INTO player_tokens (token_hash, player_id, created_at) VALUES (?, ?, ?)");
    prep(q.rotate_own_token, "UPDATE players SET token_hash = ? WHERE id = ?");
    prep(q.drop_player_tokens, "DELETE FROM player_tokens WHERE player_id = ?");
    return s;
}

std::optional<std::pair<PlayerRow, std::optional<std::string>>> Store::player_login(
    const std::string& name_key) {
    Statement& s = q_->player_login;
    s.bind(1, name_key);
    std::optional<std::pair<PlayerRow, std::optional<std::string>>> out;
    if (s.step()) {
        std::optional<std::string> hash;
        if (!s.is_null(3)) hash = s.text(3);
        out.emplace(PlayerRow{s.int64(0), s.text(1), s.int64(2)}, std::move(hash));
    }
    s.reset();
    return out;
}

std::optional<std::string> Store::password_hash(PlayerId id) {
    Statement& s = q_->password_hash;
    s.bind(1, id);
    std::optional<std::string> out;
    if (s.step() && !s.is_null(0)) out = s.text(0);
    s.reset();
    return out;
}

Status Store::set_password_hash(PlayerId id, const std::string& password_hash) {
    Statement& s = q_->set_password_hash;
    s.bind(1, password_hash).bind(2, id);
    Status st = s.run();
    if (st.is_ok() && db_->changes() == 0) return Status::not_found("no player " + std::to_string(id));
    return st;
}

Status Store::add_player_token(PlayerId id, const std::string& token_hash, Millis now) {
    Statement& s = q_->add_player_token;
    s.bind_blob(1, token_hash.data(), token_hash.size()).bind(2, id).bind(3, now);
    return s.run();
}

Status Store::rotate_player_tokens(PlayerId id, const std::string& token_hash) {
    Statement& own = q_->rotate_own_token;
    own.bind_blob(1, token_hash.data(), token_hash.size()).bind(2, id);
    if (Status st = own.run(); !st.is_ok()) return st;
    if (db_->changes() == 0) return Status::not_found("no player " + std::to_string(id));
    Statement& drop = q_->drop_player_tokens;
    drop.bind(1, id);
    return drop.run();
}

}  // namespace pinfall::storage
