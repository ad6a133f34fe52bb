#include "storage/database.hpp"

namespace pinfall::storage {

bool Statement::step() {
    if (!cursor_) {
        status_ = Status::error("statement was not prepared");
        return false;
    }
    return cursor_->step(&status_);
}

Status Statement::run() {
    while (step()) {
    }
    Status s = status_;
    reset();
    return s;
}

Status Statement::run_deferred() {
    if (!cursor_) return Status::error("statement was not prepared");
    Status s = cursor_->send();
    reset();
    return s;
}

Status Statement::run_returning_id(std::int64_t* id) {
    const bool row = step();
    if (row) *id = int64(0);
    Status s = row || !status_.is_ok() ? status_ : Status::conflict("the row exists already");
    reset();
    return s;
}

void Statement::reset() {
    if (cursor_) cursor_->reset();
    status_ = Status::ok();
}

}  // namespace pinfall::storage
