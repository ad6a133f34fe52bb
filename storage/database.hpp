// What Store, LaneStore and LeagueStore need from a SQL database, whichever it is: a connection
// (Database) and its prepared statements (Statement). Two drivers implement it: SQLite
// (storage/sqlite/) and PostgreSQL (storage/postgres/). The SQL the stores write is kept
// portable between the two (docs/storage.md): `?` placeholders (or `?N` to reuse one),
// `ON CONFLICT` upserts, `RETURNING`, TRUE/FALSE; what differs lives in the migrations and in
// the few places that ask dialect().
//
// Thread-safety: none. A Database and its Statements are used by one thread at a time (the
// storage worker); Statements must not outlive their Database.
#pragma once

#include <charconv>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "storage/status.hpp"

namespace pinfall::storage {

enum class Dialect { kSqlite, kPostgres };

// One prepared statement of a driver. Parameters are 1-based; columns 0-based.
class Cursor {
   public:
    virtual ~Cursor() = default;
    virtual void bind_int(int i, std::int64_t v) = 0;
    virtual void bind_text(int i, std::string_view v) = 0;  // copied
    virtual void bind_blob(int i, const void* data, std::size_t n) = 0;  // copied
    virtual void bind_null(int i) = 0;
    // A double, exactly: by default as the shortest text that reads back as the same double
    // (PostgreSQL parses it into a double precision column); SQLite binds it natively.
    virtual void bind_double(int i, double v) {
        char buf[32];
        const auto r = std::to_chars(buf, buf + sizeof buf, v);
        bind_text(i, std::string_view(buf, static_cast<std::size_t>(r.ptr - buf)));
    }
    // Runs the statement on the first call after a reset, then moves to the next row: true
    // while a row is available, false when done or failed (*status tells which).
    virtual bool step(Status* status) = 0;
    virtual void reset() = 0;  // ready to run again; bindings cleared
    // Statement::run_deferred(): sends the statement without waiting for its result when the
    // database defers results (Database::defer_results), else runs it to completion. Returns
    // the failure known now (a statement sent ahead reports its own at Database::flush()).
    virtual Status send() {
        Status s;
        while (step(&s)) {
        }
        return s;
    }
    virtual std::int64_t int64(int col) const = 0;  // booleans read as 0 / 1
    virtual bool is_null(int col) const = 0;
    // A double column: by default parsed from its text (PostgreSQL's shortest exact output).
    virtual double real(int col) const {
        const std::string t = text(col);
        double v = 0;
        std::from_chars(t.data(), t.data() + t.size(), v);
        return v;
    }
    virtual std::string text(int col) const = 0;
    virtual std::string blob(int col) const = 0;
};

// A prepared statement as the stores use it: bind, step or run, read columns, reset.
// An empty Statement (a failed prepare) fails every step with an error.
class Statement {
   public:
    Statement() = default;
    explicit Statement(std::unique_ptr<Cursor> c) : cursor_(std::move(c)) {}

    Statement& bind(int i, std::int64_t v) { return cursor_->bind_int(i, v), *this; }
    Statement& bind(int i, int v) { return bind(i, static_cast<std::int64_t>(v)); }
    Statement& bind(int i, std::string_view text) { return cursor_->bind_text(i, text), *this; }
    Statement& bind(int i, const std::string& text) { return bind(i, std::string_view(text)); }
    Statement& bind(int i, const char* text) { return bind(i, std::string_view(text)); }
    Statement& bind_blob(int i, const void* data, std::size_t n) {
        return cursor_->bind_blob(i, data, n), *this;
    }
    Statement& bind_null(int i) { return cursor_->bind_null(i), *this; }
    Statement& bind_double(int i, double v) { return cursor_->bind_double(i, v), *this; }
    template <class T>
    Statement& bind(int i, const std::optional<T>& v) {
        return v ? bind(i, *v) : bind_null(i);
    }

    // Steps once: true while a row is available, false when done. Errors are kept in status()
    // (and make step() return false).
    bool step();
    // Runs to completion (for writes), resets, and returns the status.
    Status run();
    // For a write whose only outcome is success or failure: as run(), except that while the
    // database defers results (Database::defer_results) it returns ok once the statement is
    // sent, and its failure shows later, as an error, at the next statement that waits for a
    // result or at Database::flush(). SQLite runs it at once, as run().
    Status run_deferred();
    // Runs an INSERT ... RETURNING id and resets: *id gets the id. conflict when no row came
    // back (an ON CONFLICT DO NOTHING that did nothing) or a constraint refused the row.
    Status run_returning_id(std::int64_t* id);
    const Status& status() const { return status_; }
    void reset();

    std::int64_t int64(int col) const { return cursor_->int64(col); }
    int int32(int col) const { return static_cast<int>(cursor_->int64(col)); }
    bool is_null(int col) const { return cursor_->is_null(col); }
    double real(int col) const { return cursor_->real(col); }
    std::string text(int col) const { return cursor_->text(col); }
    std::string blob(int col) const { return cursor_->blob(col); }

   private:
    std::unique_ptr<Cursor> cursor_;
    Status status_;
};

class Database {
   public:
    virtual ~Database() = default;
    virtual Dialect dialect() const = 0;
    // Runs one or more statements without parameters (migrations, DDL, simple writes).
    virtual Status exec(std::string_view sql) = 0;
    // Prepares sql; on failure returns an empty Statement and sets *status.
    virtual Statement prepare(std::string_view sql, Status* status = nullptr) = 0;
    // Rows changed by the last INSERT, UPDATE or DELETE run on this connection.
    virtual std::int64_t changes() const = 0;
    // The schema version stored in the database (0 when new) and setting it (inside the
    // migration's transaction).
    virtual int schema_version(Status* status) = 0;
    virtual Status set_schema_version(int version) = 0;
    // False once the connection to a database server is lost (always true for a file);
    // reconnect() tries once to get it back (prepared statements then prepare again).
    virtual bool connected() const { return true; }
    virtual Status reconnect() { return Status::ok(); }
    // A round trip to the database server, so that an idle connection's loss is noticed.
    virtual Status ping() { return Status::ok(); }

    // Sending ahead (docs/storage.md "Group commit"), for a driver with a round trip a
    // statement: while on (inside a transaction), Statement::run_deferred() sends without
    // waiting; off waits for what is still out and forgets its failure (callers that care call
    // flush() first). SQLite runs every statement at once and has nothing to defer.
    virtual void defer_results(bool on) { (void)on; }
    // Waits for the results of the statements sent ahead. Returns ok when all succeeded, else
    // an error (a conflict too: the statements after a failed one were skipped, so its
    // transaction must be rolled back) with the first failure's message. Once a flush failed,
    // every statement fails with that error until defer_results(false) (ROLLBACK then works):
    // nothing is committed over skipped statements. A statement that waits for its own result
    // flushes first and returns the flush's failure instead of running.
    virtual Status flush() { return Status::ok(); }
};

}  // namespace pinfall::storage
