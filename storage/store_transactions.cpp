// Store: transactions and the per-job savepoints of group commit.
#include "storage/store_prepared.hpp"

namespace pinfall::storage {

// The transaction state is kept here, not left to the backend: PostgreSQL only warns about a
// BEGIN inside a transaction or a COMMIT outside one, and both are caller bugs on either.
Status Store::begin() {
    if (in_transaction_) return Status::error("a transaction is already open");
    Status s = q_->begin.run();
    in_transaction_ = s.is_ok();
    return s;
}

Status Store::commit() {
    if (!in_transaction_) return Status::error("no transaction is open");
    Status s = q_->commit.run();
    // A failed COMMIT leaves the transaction to roll back (SQLite keeps it open when busy).
    if (s.is_ok()) in_transaction_ = false;
    return s;
}

Status Store::savepoint() { return q_->savepoint.run(); }
Status Store::rollback_to_savepoint() { return q_->rollback_to.run(); }
Status Store::release_savepoint() { return q_->release.run(); }

Status Store::next_savepoint() {
    // SQLite runs in-process: two prepared statements are cheapest. PostgreSQL pays a round
    // trip a statement: both go in one simple query.
    if (db_->dialect() == Dialect::kPostgres) return db_->exec("RELEASE job; SAVEPOINT job");
    Status s = q_->release.run();
    return s.is_ok() ? q_->savepoint.run() : s;
}

Status Store::rollback() {
    if (!in_transaction_) return Status::error("no transaction is open");
    in_transaction_ = false;
    return q_->rollback.run();
}

}  // namespace pinfall::storage
