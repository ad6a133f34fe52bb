// Store's prepared statements, shared by the files that implement Store (not a public header).
#pragma once

#include <string>

#include "storage/database.hpp"
#include "storage/store.hpp"

namespace pinfall::storage {

// The INSERT of a games row with every column a new row sets (store.cpp), `on_conflict` between
// its VALUES and its RETURNING id: Store::create_game's (none) and ArenaStore::create_game's.
std::string insert_game_sql(const char* on_conflict);
// Binds row (GameRow's fields, arena ones too) to a statement of insert_game_sql, runs it and
// sets row.id: Store::create_game's contract.
Status insert_game(Statement& s, GameRow& row);
// The same INSERT with the id given (a plain ? for it) and no RETURNING.
std::string insert_game_with_id_sql();

struct Store::Prepared {
    Statement begin, commit, rollback, savepoint, rollback_to, release;
    Statement create_player, player_by_token, player_by_id;
    Statement create_game, create_game_with_id, append_action, finish_game, finish_game_with_record, game_by_id, daily_attempt, actions_of,
        save_record;
    Statement unfinished, daily_results_day, daily_results_all, games_of, mark_revealed,
        is_revealed, best_ranked, totals_since, create_guest, guests, max_game_id,
        daily_results_player;
    // store_ids.cpp
    Statement reservation, reserve, take_ids, take_guest_ids, guest_by_token, guest_games,
        expire_guests;
    // store_transactions.cpp (PostgreSQL only)
    Statement announce;
    // store_par.cpp
    Statement set_game_par, set_day_par, day_games_par, day_par;
    // store_accounts.cpp
    Statement player_login, password_hash, set_password_hash, add_player_token,
        rotate_own_token, drop_player_tokens;
};

}  // namespace pinfall::storage
