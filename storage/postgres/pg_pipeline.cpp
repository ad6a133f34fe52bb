// PgDatabase: sending ahead through libpq's pipeline mode (docs/storage.md "Group commit").
// Every statement is a round trip to the server; the storage worker's batch is mostly writes
// whose result nobody reads but to see that they worked (an appended action, the savepoints
// around each job). Those are queued in the pipeline and their results read all at once at the
// next Sync, so a batch of a hundred actions pays about one round trip instead of two hundred.
#include <libpq-fe.h>

#include <string_view>

#include "storage/postgres/pg_database.hpp"

namespace pinfall::storage {

void PgDatabase::defer_results(bool on) {
    // Turning it off ends a transaction (COMMIT flushed already, or a ROLLBACK coming): what is
    // still out is read and dropped, and the sticky failure goes with the transaction.
    if (!on) flush();
    deferring_ = on;
    failed_ = Status::ok();
}

Status PgDatabase::enter_pipeline() {
    if (!failed_.is_ok()) return failed_;
    if (in_pipeline_) return Status::ok();
    if (PQenterPipelineMode(conn_) != 1) return send_failed();
    in_pipeline_ = true;
    return Status::ok();
}

Status PgDatabase::send_failed() {
    Status s = status_of(nullptr);  // the connection's message, "lost" when it is gone
    return Status::error(s.message());
}

Status PgDatabase::queued(bool commit) {
    pending_.push_back(commit);
    // The server answers every statement; unread answers pile up in the socket, and once it is
    // full the server stops reading what we send while we block sending: read them in time.
    return pending_.size() >= kMaxPending ? flush() : Status::ok();
}

Status PgDatabase::flush() {
    if (!in_pipeline_) return failed_;
    Status first;
    bool ended = false;
    if (PQpipelineSync(conn_) != 1) {
        first = send_failed();
    } else {
        read_answers(&first, &ended);
    }
    if (!ended && first.is_ok()) first = send_failed();
    pending_.clear();
    // Leaving pipeline mode needs every answer read; with the connection lost it may refuse,
    // and reconnect() (PQreset) leaves it anyway.
    if (ended) PQexitPipelineMode(conn_);
    in_pipeline_ = PQpipelineStatus(conn_) != PQ_PIPELINE_OFF;
    if (!first.is_ok() && failed_.is_ok()) failed_ = first;
    return failed_;
}

void PgDatabase::read_answers(Status* first, bool* ended) {
    // Each statement's answer is a result then a NULL; after a failure the server skips the
    // rest (a PIPELINE_ABORTED result each) up to the Sync, whose result ends the answers.
    std::size_t at = 0;
    int nulls = 0;
    while (true) {
        PGresult* r = PQgetResult(conn_);
        if (!r) {
            // The NULL after a statement's answer. Two in a row: libpq has nothing more to
            // give (the connection is gone), and waiting would never end.
            if (!connected() || ++nulls > 1) return;
            ++at;
            continue;
        }
        nulls = 0;
        const ExecStatusType st = PQresultStatus(r);
        if (st == PGRES_PIPELINE_SYNC) {
            PQclear(r);
            *ended = true;
            return;
        }
        if (st != PGRES_PIPELINE_ABORTED && first->is_ok()) {
            Status s = status_of(r);
            // As PgCursor: a COMMIT that an earlier failure turned into ROLLBACK is no commit.
            if (s.is_ok() && at < pending_.size() && pending_[at] &&
                std::string_view(PQcmdStatus(r)) == "ROLLBACK") {
                s = Status::error("COMMIT rolled back: a statement of the transaction had failed");
            }
            // Whatever its kind, a failure here spoils the transaction after the statements
            // that followed were sent: an error for the whole batch, never a job's conflict.
            if (!s.is_ok()) *first = Status::error("a statement sent ahead failed: " + s.message());
        }
        PQclear(r);
    }
}

}  // namespace pinfall::storage
