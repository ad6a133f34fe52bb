// The PostgreSQL driver of storage::Database, over libpq (docs/storage.md says why libpq and
// not libpqxx): one connection, statements prepared on the server the first time they run
// (and again after a reconnect), parameters sent as text or binary (blobs) with their types
// left to the server, results read as text. SQL is written with `?` / `?N` placeholders and
// rewritten to `$N`. Constraint violations (SQLSTATE class 23) are conflicts; everything else,
// including a lost connection, is an error, after which connected() is false until
// reconnect() succeeds.
// Sending ahead (defer_results): statements run with Statement::run_deferred() go into libpq's
// pipeline without waiting; flush() (or the next statement that needs its own result, which
// flushes first) sends a Sync and reads their results, so many writes cost one round trip.
// Thread-safety: one thread at a time; Statements must not outlive their PgDatabase.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "storage/database.hpp"

struct pg_conn;
struct pg_result;

namespace pinfall::storage {

class PgDatabase final : public Database {
   public:
    // Connects to uri (a libpq connection URI or key=value string; the password from it, from
    // PGPASSWORD or from ~/.pgpass). Returns nullptr and sets *status on failure; the message
    // never contains the password.
    static std::unique_ptr<PgDatabase> open(const std::string& uri, Status* status);
    ~PgDatabase() override;
    PgDatabase(const PgDatabase&) = delete;
    PgDatabase& operator=(const PgDatabase&) = delete;

    Dialect dialect() const override { return Dialect::kPostgres; }
    Status exec(std::string_view sql) override;
    Statement prepare(std::string_view sql, Status* status = nullptr) override;
    std::int64_t changes() const override { return changes_; }
    int schema_version(Status* status) override;  // table schema_version, 0 when absent
    Status set_schema_version(int version) override;
    bool connected() const override;
    Status reconnect() override;
    Status ping() override { return exec("SELECT 1"); }
    void defer_results(bool on) override;
    Status flush() override;

    // For the driver's cursors.
    pg_conn* handle() { return conn_; }
    std::uint64_t generation() const { return generation_; }  // bumped by every reconnect
    std::string next_statement_name();
    void set_changes(std::int64_t n) { changes_ = n; }
    // The Status of a finished command: ok, conflict (class 23) or error.
    Status status_of(const pg_result* result);
    // Sending ahead, for the cursors: whether run_deferred() may queue; the pipeline entered
    // (ok, or the failure that stops the send: a sticky flush failure, a refused mode switch);
    // a statement queued (commit: it is a COMMIT, whose answer ROLLBACK is a failure), which
    // flushes once kMaxPending are out so that unread answers never fill the socket.
    bool deferring() const { return deferring_; }
    Status enter_pipeline();
    Status queued(bool commit);
    // A failed send: the connection's error.
    Status send_failed();

    static constexpr std::size_t kMaxPending = 512;

   private:
    explicit PgDatabase(pg_conn* conn) : conn_(conn) {}
    // flush(): reads the answers up to the Sync; *first gets the first failure, *ended whether
    // the Sync's answer came (false: the connection went first).
    void read_answers(Status* first, bool* ended);
    pg_conn* conn_ = nullptr;
    std::uint64_t generation_ = 0;
    std::uint64_t names_ = 0;
    std::int64_t changes_ = 0;
    bool deferring_ = false;
    bool in_pipeline_ = false;
    std::vector<bool> pending_;  // per statement out in the pipeline: is it a COMMIT
    Status failed_;              // the first failure flush() found, until defer_results(false)
};

// Rewrites `?` and `?N` placeholders outside quoted strings to `$N`; *count gets the number of
// parameters (the highest N).
std::string to_dollar_placeholders(std::string_view sql, int* count);

// uri with any password in it replaced by "***", for logs and messages.
std::string redact_uri(const std::string& uri);

}  // namespace pinfall::storage
