// Store: opening a location (SQLite file or PostgreSQL URI) and migrating its schema.
#include <filesystem>

#include "storage/migrations.hpp"
#include "storage/postgres/pg_database.hpp"
#include "storage/sqlite/sqlite_database.hpp"
#include "storage/store_prepared.hpp"

namespace pinfall::storage {
namespace {

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

std::unique_ptr<Database> open_database(const std::string& location, Status* status) {
    if (starts_with(location, "postgresql://") || starts_with(location, "postgres://")) {
        return PgDatabase::open(location, status);
    }
    const std::string path = starts_with(location, "sqlite:") ? location.substr(7) : location;
    if (path.empty()) {
        *status = Status::error("no database path in \"" + location + "\"");
        return nullptr;
    }
    std::error_code ec;
    const auto parent = std::filesystem::path(path).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    return SqliteDatabase::open(path, status);
}

}  // namespace

std::string redact_location(const std::string& location) { return redact_uri(location); }

std::unique_ptr<Store> Store::open(const std::string& location, Status* status) {
    auto db = open_database(location, status);
    return db ? finish_open(std::move(db), status) : nullptr;
}

std::unique_ptr<Store> Store::finish_open(std::unique_ptr<Database> db, Status* status) {
    std::unique_ptr<Store> store(new Store(std::move(db)));
    store->q_ = std::make_unique<Prepared>();
    // IMMEDIATE: a SQLite writer takes the lock at BEGIN, not at its first write, so two
    // processes never deadlock upgrading; PostgreSQL locks rows as it goes.
    store->q_->begin = store->db_->prepare(
        store->db_->dialect() == Dialect::kSqlite ? "BEGIN IMMEDIATE" : "BEGIN");
    store->q_->commit = store->db_->prepare("COMMIT");
    store->q_->rollback = store->db_->prepare("ROLLBACK");
    // Prepared once: on SQLite, parsing them for every job cost more than most jobs.
    store->q_->savepoint = store->db_->prepare("SAVEPOINT job");
    store->q_->rollback_to = store->db_->prepare("ROLLBACK TO job");
    store->q_->release = store->db_->prepare("RELEASE job");
    if (*status = store->migrate(); !status->is_ok()) return nullptr;
    if (*status = store->prepare_all(); !status->is_ok()) return nullptr;
    store->lanes_ = std::make_unique<LaneStore>(*store->db_, status);
    if (!status->is_ok()) return nullptr;
    store->leagues_ = std::make_unique<LeagueStore>(*store->db_, status);
    if (!status->is_ok()) return nullptr;
    return store;
}

// Each missing migration runs in its own transaction with the version it reaches. On
// PostgreSQL a transaction-level advisory lock makes nodes starting together take turns (the
// second one then finds the schema current).
Status Store::migrate() {
    const auto migrations = migrations_for(db_->dialect());
    const int latest = static_cast<int>(migrations.size());
    Status s;
    for (;;) {
        if (s = begin(); !s.is_ok()) return s;
        if (db_->dialect() == Dialect::kPostgres) s = db_->exec("SELECT pg_advisory_xact_lock(7160)");
        const int current = s.is_ok() ? db_->schema_version(&s) : 0;
        if (s.is_ok() && current > latest) {
            s = Status::error("database schema version " + std::to_string(current) +
                              " is newer than this server knows");
        }
        if (s.is_ok() && current == latest) return commit();
        if (s.is_ok()) s = db_->exec(migrations[static_cast<std::size_t>(current)]);
        if (s.is_ok()) s = db_->set_schema_version(current + 1);
        if (!s.is_ok()) {
            rollback();
            return s;
        }
        if (s = commit(); !s.is_ok()) return s;
    }
}

}  // namespace pinfall::storage
