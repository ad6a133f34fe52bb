#include "storage/copy.hpp"

#include <vector>

namespace pinfall::storage {
namespace {

// A table as both schemas have it: columns in the order copied, which of them are blobs, the
// order rows are read in (the order they were written, for tables whose reading order is
// their insertion order), the identity column whose sequence must move past the copy, and
// which columns are doubles (copied as doubles: SQLite's text of a REAL keeps 15 digits only).
struct Table {
    const char* name;
    std::vector<const char*> columns;
    std::vector<const char*> blobs;
    const char* order;
    const char* identity;  // nullptr: none
    std::vector<const char*> reals = {};
};

// Parents before children (foreign keys hold at every insert).
const std::vector<Table>& tables() {
    static const std::vector<Table> kTables = {
        {"players",
         {"id", "name", "name_key", "token_hash", "created_at", "password_hash", "banned_at"},
         {"token_hash"}, "id", "id"},
        {"player_tokens", {"token_hash", "player_id", "created_at"}, {"token_hash"},
         "player_id, created_at, token_hash", nullptr},
        {"guests", {"id", "token_hash", "created_at"}, {"token_hash"}, "id", nullptr},
        {"guest_players", {"guest_id", "player_id", "claimed_at"}, {}, "guest_id", nullptr},
        {"leagues",
         {"id", "name", "secretary", "ruleset", "rounds", "games_per_round", "round_days",
          "start_date", "handicap", "handicap_percent", "handicap_basis", "entering_average",
          "vacancy_score", "invite_code", "joining_open", "started_at", "ended_at", "created_at"},
         {}, "id", "id"},
        {"arenas",
         {"id", "name", "ruleset", "starts_at", "ends_at", "clock_ms", "entry", "league_id",
          "created_by", "schedule_slot", "created_at", "ended_at"},
         {}, "id", "id"},
        {"arena_members", {"arena_id", "player_id", "joined_at", "left_at"}, {},
         "arena_id, player_id", nullptr},
        {"games",
         {"id", "player_id", "mode", "ruleset", "seed", "day", "started_at", "finished_at", "score",
          "strikes", "spares", "resigned", "guest_id", "league_id", "league_round", "league_game",
          "record", "par", "review", "origin_address", "origin_browser", "arena_id", "arena_n",
          "arena_berserk", "arena_points"},
         {"seed"}, "id", nullptr},
        {"actions", {"game_id", "idx", "action"}, {}, "game_id, idx", nullptr},
        {"integrity_evidence",
         {"game_id", "player_id", "ruleset", "finished_at", "analysed_at", "llr", "week_llr",
          "guard_sum", "guard_var", "deciding", "decisions", "tau", "z", "flagged", "drivers"},
         {}, "game_id", nullptr, {"llr", "week_llr", "guard_sum", "guard_var", "tau", "z"}},
        {"review_cases", {"game_id", "reason", "opened_at", "decided_at", "decided_by", "note"}, {},
         "game_id", nullptr},
        {"reports", {"game_id", "reporter_id", "at", "reason"}, {}, "game_id, reporter_id", nullptr},
        {"revealed_days", {"day", "revealed_at", "par", "par_line"}, {}, "day", nullptr},
        {"counters", {"name", "value"}, {}, "name", nullptr},
        {"league_members", {"league_id", "player_id", "seat", "removed_from_round"}, {},
         "league_id, seat", nullptr},
        {"league_rounds", {"league_id", "round", "closed_at", "early"}, {}, "league_id, round", nullptr},
        {"league_daily_averages", {"league_id", "round", "player_id", "average"}, {},
         "league_id, round, player_id", nullptr},
        // The log's own ids are not referenced anywhere: rows keep their order, ids are new.
        {"league_log", {"league_id", "player_id", "action", "detail", "at"}, {}, "id", nullptr},
        {"lanes",
         {"id", "code", "ruleset", "teams", "owner_guest", "owner_player", "created_at",
          "finished_at", "version"},
         {}, "id", "id"},
        {"lane_sides", {"lane_id", "idx", "name", "score"}, {}, "lane_id, idx", nullptr},
        // Join order is reading order: SQLite's rowid, PostgreSQL's identity (new ids).
        {"lane_members", {"lane_id", "side", "guest_id", "player_id", "name"}, {}, nullptr, nullptr},
        {"lane_reports", {"lane_id", "idx", "side", "pins", "foul"}, {}, "lane_id, idx", nullptr},
        {"moderators", {"player_id", "granted_at"}, {}, "player_id", nullptr},
        // As league_log: ids are new, rows keep their order (an append-only log only grows).
        {"audit_log", {"at", "moderator_id", "action", "target", "note"}, {}, "id", nullptr},
        {"follows", {"follower", "followee", "created_at"}, {}, "follower, followee", nullptr},
        {"blocks", {"blocker", "blocked", "created_at"}, {}, "blocker, blocked", nullptr},
        {"friend_invites", {"player", "token"}, {}, "player", nullptr},
        // Ids kept: clients page a player's notices by id.
        {"notices", {"id", "player", "kind", "key", "body", "created_at", "read_at"}, {}, "id",
         "id"},
        {"player_settings", {"player", "time_zone", "new_daily", "streak_at_risk", "reminder_hour"},
         {}, "player", nullptr},
        // Ids kept: the claims name them.
        {"push_subscriptions",
         {"id", "endpoint", "p256dh", "auth", "player", "created_at", "due_at", "last_sent_day",
          "gone_at"},
         {}, "id", "id"},
        {"push_claims", {"subscription", "day", "node", "claimed_at"}, {}, "subscription, day",
         nullptr},
        // The devices were subscribed with this key: a new one would strand them all.
        {"vapid_keys", {"id", "private_key", "public_key", "created_at"}, {}, "id", nullptr},
    };
    return kTables;
}

bool listed(const std::vector<const char*>& names, const char* column) {
    for (const char* n : names) {
        if (std::string(n) == column) return true;
    }
    return false;
}

Status copy_table(Database& from, Database& to, const Table& t, std::int64_t* rows) {
    std::string list, marks;
    for (const char* c : t.columns) {
        list += (list.empty() ? "" : ", ") + std::string(c);
        marks += marks.empty() ? "?" : ", ?";
    }
    const std::string order =
        t.order ? t.order : (from.dialect() == Dialect::kSqlite ? "rowid" : "id");
    Status st;
    Statement read = from.prepare("SELECT " + list + " FROM " + t.name + " ORDER BY " + order, &st);
    if (!st.is_ok()) return st;
    Statement write =
        to.prepare("INSERT INTO " + std::string(t.name) + " (" + list + ") VALUES (" + marks + ")", &st);
    if (!st.is_ok()) return st;
    *rows = 0;
    while (read.step()) {
        for (std::size_t i = 0; i < t.columns.size(); ++i) {
            const int col = static_cast<int>(i);
            const int param = col + 1;
            if (read.is_null(col)) {
                write.bind_null(param);
            } else if (listed(t.blobs, t.columns[i])) {
                const std::string bytes = read.blob(col);
                write.bind_blob(param, bytes.data(), bytes.size());
            } else if (listed(t.reals, t.columns[i])) {
                write.bind_double(param, read.real(col));
            } else {
                write.bind(param, read.text(col));  // the target's column type parses it
            }
        }
        if (st = write.run(); !st.is_ok()) {
            return Status::error(std::string(t.name) + ": " + st.message());
        }
        ++*rows;
    }
    if (!read.status().is_ok()) return read.status();
    if (t.identity && to.dialect() == Dialect::kPostgres) {
        // Explicit ids do not move an identity's sequence; the next generated id must follow.
        return to.exec(std::string("SELECT setval(pg_get_serial_sequence('") + t.name + "', '" +
                       t.identity + "'), coalesce((SELECT max(" + t.identity + ") FROM " +
                       t.name + "), 0) + 1, false)");
    }
    return Status::ok();
}

}  // namespace

Status copy_database(Store& from, Store& to, CopyCounts* counts) {
    for (const char* table : {"players", "guests", "games"}) {
        Status st;
        Statement any = to.db().prepare(std::string("SELECT 1 FROM ") + table + " LIMIT 1", &st);
        if (!st.is_ok()) return st;
        if (any.step()) return Status::conflict(std::string("the target already has ") + table);
    }
    if (Status st = to.begin(); !st.is_ok()) return st;
    for (const Table& t : tables()) {
        std::int64_t rows = 0;
        if (Status st = copy_table(from.db(), to.db(), t, &rows); !st.is_ok()) {
            to.rollback();
            return st;
        }
        (*counts)[t.name] = rows;
    }
    return to.commit();
}

}  // namespace pinfall::storage
