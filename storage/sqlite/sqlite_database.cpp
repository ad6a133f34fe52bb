#include "storage/sqlite/sqlite_database.hpp"

namespace pinfall::storage {

Status status_from(int rc, sqlite3* db) {
    if (rc == SQLITE_OK || rc == SQLITE_DONE || rc == SQLITE_ROW) return Status::ok();
    std::string msg = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    if ((rc & 0xFF) == SQLITE_CONSTRAINT) return Status::conflict(msg);
    return Status::error(msg);
}

namespace {

class SqliteCursor final : public Cursor {
   public:
    SqliteCursor(sqlite3_stmt* s, sqlite3* db) : stmt_(s), db_(db) {}
    ~SqliteCursor() override { sqlite3_finalize(stmt_); }

    void bind_int(int i, std::int64_t v) override { sqlite3_bind_int64(stmt_, i, v); }
    void bind_text(int i, std::string_view v) override {
        sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    }
    void bind_blob(int i, const void* data, std::size_t n) override {
        sqlite3_bind_blob(stmt_, i, data, static_cast<int>(n), SQLITE_TRANSIENT);
    }
    void bind_null(int i) override { sqlite3_bind_null(stmt_, i); }
    void bind_double(int i, double v) override { sqlite3_bind_double(stmt_, i, v); }
    bool step(Status* status) override {
        const int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        *status = status_from(rc, db_);
        return false;
    }
    void reset() override {
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
    }
    std::int64_t int64(int col) const override { return sqlite3_column_int64(stmt_, col); }
    bool is_null(int col) const override {
        return sqlite3_column_type(stmt_, col) == SQLITE_NULL;
    }
    double real(int col) const override { return sqlite3_column_double(stmt_, col); }
    std::string text(int col) const override {
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
        return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)))
                 : "";
    }
    std::string blob(int col) const override {
        const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, col));
        return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)))
                 : "";
    }

   private:
    sqlite3_stmt* stmt_;
    sqlite3* db_;
};

}  // namespace

std::unique_ptr<SqliteDatabase> SqliteDatabase::open(const std::string& path, Status* status) {
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &db,
                                   SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                                       SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        *status = status_from(rc, db);
        sqlite3_close(db);
        return nullptr;
    }
    std::unique_ptr<SqliteDatabase> out(new SqliteDatabase(db));
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

SqliteDatabase::~SqliteDatabase() { sqlite3_close_v2(db_); }

Status SqliteDatabase::exec(std::string_view sql) {
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

Statement SqliteDatabase::prepare(std::string_view sql, Status* status) {
    sqlite3_stmt* stmt = nullptr;
    const int rc =
        sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()),
                           SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (status) *status = status_from(rc, db_);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(stmt);
        return Statement();
    }
    return Statement(std::make_unique<SqliteCursor>(stmt, db_));
}

int SqliteDatabase::schema_version(Status* status) {
    Statement version = prepare("PRAGMA user_version", status);
    if (!status->is_ok()) return 0;
    const int v = version.step() ? version.int32(0) : 0;
    *status = version.status();
    return v;
}

Status SqliteDatabase::set_schema_version(int version) {
    return exec("PRAGMA user_version = " + std::to_string(version));
}

}  // namespace pinfall::storage
