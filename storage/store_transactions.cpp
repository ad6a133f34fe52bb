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

Status Store::begin_batch() {
    if (in_transaction_) return Status::error("a transaction is already open");
    // BEGIN itself is sent ahead: its failure shows at the first flush like any other.
    db_->defer_results(true);
    Status s = q_->begin.run_deferred();
    in_transaction_ = s.is_ok();
    if (!s.is_ok()) {
        db_->defer_results(false);
        return s;
    }
    deferring_ = true;
    return s;
}

Status Store::commit() {
    if (!in_transaction_) return Status::error("no transaction is open");
    // In a batch the COMMIT joins what was sent ahead and one flush reads every answer, the
    // COMMIT's last: it returns ok only once the server has committed all of it.
    Status s = q_->commit.run_deferred();
    if (s.is_ok()) s = db_->flush();
    // A failed COMMIT leaves the transaction to roll back (SQLite keeps it open when busy).
    if (s.is_ok()) {
        in_transaction_ = false;
        end_deferring();
    }
    return s;
}

void Store::end_deferring() {
    if (!deferring_) return;
    deferring_ = false;
    db_->defer_results(false);
}

Status Store::savepoint() { return q_->savepoint.run_deferred(); }
Status Store::rollback_to_savepoint() { return q_->rollback_to.run(); }
Status Store::release_savepoint() { return q_->release.run_deferred(); }

Status Store::next_savepoint() {
    // SQLite runs in-process: two prepared statements are cheapest. PostgreSQL pays a round
    // trip a statement: in a batch both are sent ahead, else both go in one simple query.
    if (db_->dialect() == Dialect::kPostgres && !deferring_) {
        return db_->exec("RELEASE job; SAVEPOINT job");
    }
    Status s = q_->release.run_deferred();
    return s.is_ok() ? q_->savepoint.run_deferred() : s;
}

Status Store::rollback() {
    if (!in_transaction_) return Status::error("no transaction is open");
    in_transaction_ = false;
    // What was sent ahead is read and dropped first (the batch is given up anyway), and with
    // it the failure that would refuse every statement, this ROLLBACK too.
    end_deferring();
    return q_->rollback.run();
}

Status Store::announce(const std::string& channel, const std::string& payload) {
    if (db_->dialect() != Dialect::kPostgres) return Status::ok();  // one node: nobody to tell
    // Delivered at COMMIT, and never for a transaction rolled back: nothing to wait for.
    return q_->announce.bind(1, channel).bind(2, payload).run_deferred();
}

}  // namespace pinfall::storage
