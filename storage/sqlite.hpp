// RAII handles over the SQLite C API: one Database (connection) and its prepared Statements.
// A Database is used by one thread at a time (SQLite's multi-thread mode); Statements belong
// to their Database and must not outlive it.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "storage/status.hpp"

namespace pinfall::storage {

class Database;

class Statement {
   public:
    Statement() = default;
    Statement(Statement&& o) noexcept
        : stmt_(std::exchange(o.stmt_, nullptr)), db_(o.db_), status_(o.status_) {}
    Statement& operator=(Statement&& o) noexcept;
    ~Statement();

    // Binds by 1-based index. Text and blobs are copied (SQLITE_TRANSIENT).
    Statement& bind(int i, std::int64_t v);
    Statement& bind(int i, int v) { return bind(i, static_cast<std::int64_t>(v)); }
    Statement& bind(int i, std::string_view text);
    Statement& bind_blob(int i, const void* data, std::size_t n);
    Statement& bind_null(int i);
    template <class T>
    Statement& bind(int i, const std::optional<T>& v) {
        return v ? bind(i, *v) : bind_null(i);
    }

    // Steps once: true while a row is available, false when done. Errors are returned via
    // status() (and make step() return false).
    bool step();
    // Runs to completion (for writes); returns the status.
    Status run();
    const Status& status() const { return status_; }
    // Resets for reuse and clears bindings.
    void reset();

    std::int64_t int64(int col) const { return sqlite3_column_int64(stmt_, col); }
    int int32(int col) const { return sqlite3_column_int(stmt_, col); }
    bool is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
    std::string text(int col) const;
    std::string blob(int col) const;

   private:
    friend class Database;
    Statement(sqlite3_stmt* s, sqlite3* db) : stmt_(s), db_(db) {}
    sqlite3_stmt* stmt_ = nullptr;
    sqlite3* db_ = nullptr;
    Status status_;
};

class Database {
   public:
    // Opens (creating) the file with WAL, synchronous=FULL, foreign keys and busy_timeout.
    static std::unique_ptr<Database> open(const std::string& path, Status* status);
    Database(Database&& o) noexcept : db_(std::exchange(o.db_, nullptr)) {}
    Database& operator=(Database&&) = delete;
    ~Database();

    Status exec(std::string_view sql);
    // Prepares sql; on failure returns an empty Statement and sets *status.
    Statement prepare(std::string_view sql, Status* status = nullptr);
    std::int64_t last_insert_id() const { return sqlite3_last_insert_rowid(db_); }
    int changes() const { return sqlite3_changes(db_); }
    sqlite3* handle() { return db_; }

   private:
    explicit Database(sqlite3* db) : db_(db) {}
    sqlite3* db_ = nullptr;
};

// Maps a SQLite result code to a Status (constraint violations become conflicts).
Status status_from(int rc, sqlite3* db);

}  // namespace pinfall::storage
