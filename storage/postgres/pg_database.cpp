#include "storage/postgres/pg_database.hpp"

#include <libpq-fe.h>

#include <algorithm>
#include <cstdlib>
#include <regex>

#include "storage/postgres/pg_cursor.hpp"

namespace pinfall::storage {
namespace {

std::string trimmed(const char* message) {
    std::string m = message ? message : "";
    while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
    return m;
}

void ignore_notice(void*, const char*) {}  // NOTICEs (e.g. "relation exists") are not errors

}  // namespace

std::string to_dollar_placeholders(std::string_view sql, int* count) {
    std::string out;
    out.reserve(sql.size() + 16);
    int next = 0;
    int highest = 0;
    bool quoted = false;
    for (std::size_t i = 0; i < sql.size(); ++i) {
        const char c = sql[i];
        if (c == '\'') quoted = !quoted;
        if (c != '?' || quoted) {
            out += c;
            continue;
        }
        std::size_t j = i + 1;
        int n = 0;
        while (j < sql.size() && sql[j] >= '0' && sql[j] <= '9') n = n * 10 + (sql[j++] - '0');
        if (j == i + 1) n = ++next;  // a bare `?`
        highest = std::max(highest, n);
        out += '$' + std::to_string(n);
        i = j - 1;
    }
    *count = highest;
    return out;
}

std::string redact_uri(const std::string& uri) {
    // postgresql://user:secret@host/... and key=value strings with password=...
    static const std::regex in_authority(R"(^([a-z]+://[^:/@]*):[^@]*@)");
    static const std::regex as_parameter(R"((password=)[^&\s]*)");
    std::string out = std::regex_replace(uri, in_authority, "$1:***@");
    return std::regex_replace(out, as_parameter, "$1***");
}

std::unique_ptr<PgDatabase> PgDatabase::open(const std::string& uri, Status* status) {
    PGconn* conn = PQconnectdb(uri.c_str());
    if (PQstatus(conn) != CONNECTION_OK) {
        *status = Status::error("cannot connect to " + redact_uri(uri) + ": " +
                                trimmed(PQerrorMessage(conn)));
        PQfinish(conn);
        return nullptr;
    }
    PQsetNoticeProcessor(conn, ignore_notice, nullptr);
    std::unique_ptr<PgDatabase> db(new PgDatabase(conn));
    // Times are stored as epoch milliseconds, days as text: no session setting matters but
    // the client encoding (every text is UTF-8).
    if (*status = db->exec("SET client_encoding = 'UTF8'"); !status->is_ok()) return nullptr;
    return db;
}

PgDatabase::~PgDatabase() { PQfinish(conn_); }

bool PgDatabase::connected() const { return PQstatus(conn_) == CONNECTION_OK; }

Status PgDatabase::reconnect() {
    PQreset(conn_);
    ++generation_;  // statements prepared on the old session are gone
    // So is whatever was sent ahead on it (PQreset leaves pipeline mode).
    pending_.clear();
    in_pipeline_ = false;
    deferring_ = false;
    failed_ = Status::ok();
    if (PQstatus(conn_) != CONNECTION_OK) {
        return Status::error("cannot reconnect: " + trimmed(PQerrorMessage(conn_)));
    }
    PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
    return exec("SET client_encoding = 'UTF8'");
}

std::string PgDatabase::next_statement_name() { return "p" + std::to_string(++names_); }

Status PgDatabase::status_of(const pg_result* result) {
    const ExecStatusType st = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) return Status::ok();
    std::string message = result ? trimmed(PQresultErrorMessage(result)) : "";
    if (message.empty()) message = trimmed(PQerrorMessage(conn_));
    if (!connected()) return Status::error("database connection lost: " + message);
    const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    if (state && state[0] == '2' && state[1] == '3') return Status::conflict(message);
    return Status::error(message);
}

Status PgDatabase::exec(std::string_view sql) {
    // A simple query cannot join the pipeline: what was sent ahead is read first.
    if (Status s = flush(); !s.is_ok()) return s;
    PGresult* r = PQexec(conn_, std::string(sql).c_str());
    Status s = status_of(r);
    if (s.is_ok()) changes_ = std::atoll(PQcmdTuples(r));
    PQclear(r);
    return s;
}

Statement PgDatabase::prepare(std::string_view sql, Status* status) {
    int count = 0;
    std::string text = to_dollar_placeholders(sql, &count);
    if (status) *status = Status::ok();  // prepared on the server when it first runs
    return Statement(std::make_unique<PgCursor>(*this, std::move(text), count));
}

int PgDatabase::schema_version(Status* status) {
    Statement exists = prepare("SELECT to_regclass('schema_version') IS NOT NULL");
    const bool has = exists.step() && exists.int64(0) != 0;
    if (*status = exists.status(); !status->is_ok() || !has) return 0;
    Statement version = prepare("SELECT version FROM schema_version");
    const int v = version.step() ? version.int32(0) : 0;
    *status = version.status();
    return v;
}

Status PgDatabase::set_schema_version(int version) {
    return exec("UPDATE schema_version SET version = " + std::to_string(version));
}

}  // namespace pinfall::storage
