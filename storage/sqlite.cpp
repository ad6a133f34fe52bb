#include "storage/sqlite.hpp"

namespace pinfall::storage {

Status status_from(int rc, sqlite3* db) {
    if (rc == SQLITE_OK || rc == SQLITE_DONE || rc == SQLITE_ROW) return Status::ok();
    std::string msg = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    if ((rc & 0xFF) == SQLITE_CONSTRAINT) return Status::conflict(msg);
    return Status::error(msg);
}

Statement& Statement::operator=(Statement&& o) noexcept {
    if (this != &o) {
        sqlite3_finalize(stmt_);
        stmt_ = std::exchange(o.stmt_, nullptr);
        db_ = o.db_;
        status_ = o.status_;
    }
    return *this;
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::bind(int i, std::int64_t v) {
    sqlite3_bind_int64(stmt_, i, v);
    return *this;
}

Statement& Statement::bind(int i, std::string_view text) {
    sqlite3_bind_text(stmt_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
    return *this;
}

Statement& Statement::bind_blob(int i, const void* data, std::size_t n) {
    sqlite3_bind_blob(stmt_, i, data, static_cast<int>(n), SQLITE_TRANSIENT);
    return *this;
}

Statement& Statement::bind_null(int i) {
    sqlite3_bind_null(stmt_, i);
    return *this;
}

bool Statement::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    status_ = status_from(rc, db_);
    return false;
}

Status Statement::run() {
    while (step()) {
    }
    Status s = status_;
    reset();
    return s;
}

void Statement::reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    status_ = Status::ok();
}

std::string Statement::text(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col))) : "";
}

std::string Statement::blob(int col) const {
    const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, col));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col))) : "";
}

std::unique_ptr<Database> Database::open(const std::string& path, Status* status) {
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &db,
                                   SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                                       SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        *status = status_from(rc, db);
        sqlite3_close(db);
        return nullptr;
    }
    std::unique_ptr<Database> out(new Database(db));
    sqlite3_busy_timeout(db, 5000);
    for (const char* pragma : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL",
                               "PRAGMA foreign_keys=ON"}) {
        if (Status s = out->exec(pragma); !s.is_ok()) {
            *status = s;
            return nullptr;
        }
    }
    *status = Status::ok();
    return out;
}

Database::~Database() { sqlite3_close_v2(db_); }

Status Database::exec(std::string_view sql) {
    char* err = nullptr;
    const int rc = sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &err);
    if (rc != SQLITE_OK) {
        Status s = (rc & 0xFF) == SQLITE_CONSTRAINT ? Status::conflict(err ? err : "constraint")
                                                    : Status::error(err ? err : "sqlite error");
        sqlite3_free(err);
        return s;
    }
    return Status::ok();
}

Statement Database::prepare(std::string_view sql, Status* status) {
    sqlite3_stmt* stmt = nullptr;
    const int rc =
        sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()),
                           SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (status) *status = status_from(rc, db_);
    return Statement(stmt, db_);
}

}  // namespace pinfall::storage
