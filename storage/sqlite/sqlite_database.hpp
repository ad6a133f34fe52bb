// The SQLite driver of storage::Database: one connection to a database file, opened with WAL,
// synchronous=FULL (a COMMIT is on disk when it returns), foreign keys and a busy timeout.
// Thread-safety: one thread at a time (SQLite's multi-thread mode).
#pragma once

#include <sqlite3.h>

#include <memory>
#include <string>

#include "storage/database.hpp"

namespace pinfall::storage {

class SqliteDatabase final : public Database {
   public:
    // Opens (creating) the file at path. Returns nullptr and sets *status on failure.
    static std::unique_ptr<SqliteDatabase> open(const std::string& path, Status* status);
    ~SqliteDatabase() override;
    SqliteDatabase(const SqliteDatabase&) = delete;
    SqliteDatabase& operator=(const SqliteDatabase&) = delete;

    Dialect dialect() const override { return Dialect::kSqlite; }
    Status exec(std::string_view sql) override;
    Statement prepare(std::string_view sql, Status* status = nullptr) override;
    std::int64_t changes() const override { return sqlite3_changes(db_); }
    int schema_version(Status* status) override;  // PRAGMA user_version
    Status set_schema_version(int version) override;

   private:
    explicit SqliteDatabase(sqlite3* db) : db_(db) {}
    sqlite3* db_ = nullptr;
};

// Maps a SQLite result code to a Status (constraint violations become conflicts).
Status status_from(int rc, sqlite3* db);

}  // namespace pinfall::storage
