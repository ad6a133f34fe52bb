#include "storage/postgres/pg_cursor.hpp"

#include <libpq-fe.h>

#include <algorithm>
#include <cstdlib>

namespace pinfall::storage {
namespace {

constexpr Oid kBoolOid = 16;   // pg_type.h: BOOLOID
constexpr Oid kByteaOid = 17;  // pg_type.h: BYTEAOID

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return c - 'A' + 10;
}

}  // namespace

void PgCursor::ResultDeleter::operator()(pg_result* r) const { PQclear(r); }

PgCursor::PgCursor(PgDatabase& db, std::string sql, int params)
    : db_(db),
      sql_(std::move(sql)),
      name_(db.next_statement_name()),
      values_(static_cast<std::size_t>(params)),
      null_(static_cast<std::size_t>(params), 1),
      formats_(static_cast<std::size_t>(params), 0) {}

PgCursor::~PgCursor() {
    // Statements live as long as the server session; free this one's name when it is idle.
    if (prepared_in_ == db_.generation() + 1 && db_.connected() &&
        PQtransactionStatus(db_.handle()) == PQTRANS_IDLE) {
        PQclear(PQexec(db_.handle(), ("DEALLOCATE " + name_).c_str()));
    }
}

void PgCursor::set(int i, std::string value, bool binary) {
    const auto at = static_cast<std::size_t>(i - 1);
    if (at >= values_.size()) return;  // no such parameter: as SQLite, ignore (the run fails)
    values_[at] = std::move(value);
    null_[at] = 0;
    formats_[at] = binary ? 1 : 0;
}

void PgCursor::bind_int(int i, std::int64_t v) { set(i, std::to_string(v), false); }
void PgCursor::bind_text(int i, std::string_view v) { set(i, std::string(v), false); }
void PgCursor::bind_blob(int i, const void* data, std::size_t n) {
    set(i, std::string(static_cast<const char*>(data), n), true);
}
void PgCursor::bind_null(int i) {
    const auto at = static_cast<std::size_t>(i - 1);
    if (at < null_.size()) null_[at] = 1;
}

Status PgCursor::prepare_once() {
    if (prepared_in_ == db_.generation() + 1) return Status::ok();
    // PQprepare waits for its answer, which pipeline mode does not allow.
    if (Status s = db_.flush(); !s.is_ok()) return s;
    PGresult* p = PQprepare(db_.handle(), name_.c_str(), sql_.c_str(),
                            static_cast<int>(values_.size()), nullptr);
    Status s = db_.status_of(p);
    PQclear(p);
    if (s.is_ok()) prepared_in_ = db_.generation() + 1;
    return s;
}

void PgCursor::parameters(std::vector<const char*>* values, std::vector<int>* lengths) const {
    values->resize(values_.size());
    lengths->resize(values_.size());
    for (std::size_t i = 0; i < values_.size(); ++i) {
        (*values)[i] = null_[i] ? nullptr : values_[i].data();
        (*lengths)[i] = static_cast<int>(values_[i].size());
    }
}

Status PgCursor::execute() {
    // This statement waits for its answer: the ones sent ahead are answered first, and their
    // failure is this statement's (it would only be skipped on the server).
    if (Status s = db_.flush(); !s.is_ok()) return s;
    if (Status s = prepare_once(); !s.is_ok()) return s;
    std::vector<const char*> values;
    std::vector<int> lengths;
    parameters(&values, &lengths);
    result_.reset(PQexecPrepared(db_.handle(), name_.c_str(), static_cast<int>(values.size()),
                                 values.data(), lengths.data(), formats_.data(), 0));
    Status s = db_.status_of(result_.get());
    if (!s.is_ok()) {
        result_.reset();
        return s;
    }
    // PostgreSQL answers the COMMIT of a transaction that an error aborted with the tag
    // ROLLBACK and no error: that must never pass for a commit.
    if (sql_ == "COMMIT" && std::string_view(PQcmdStatus(result_.get())) == "ROLLBACK") {
        result_.reset();
        return Status::error("COMMIT rolled back: a statement of the transaction had failed");
    }
    rows_ = PQntuples(result_.get());
    db_.set_changes(std::atoll(PQcmdTuples(result_.get())));
    return s;
}

Status PgCursor::send() {
    if (!db_.deferring()) return Cursor::send();
    if (Status s = prepare_once(); !s.is_ok()) return s;
    if (Status s = db_.enter_pipeline(); !s.is_ok()) return s;
    std::vector<const char*> values;
    std::vector<int> lengths;
    parameters(&values, &lengths);
    // libpq copies the parameters into its output buffer here: the cursor may be reset and
    // bound again before the answer comes.
    if (PQsendQueryPrepared(db_.handle(), name_.c_str(), static_cast<int>(values.size()),
                            values.data(), lengths.data(), formats_.data(), 0) != 1) {
        return db_.send_failed();
    }
    return db_.queued(sql_ == "COMMIT");
}

bool PgCursor::step(Status* status) {
    if (!result_) {
        if (*status = execute(); !status->is_ok()) return false;
        row_ = -1;
    }
    if (++row_ < rows_) return true;
    row_ = rows_;
    *status = Status::ok();
    return false;
}

void PgCursor::reset() {
    result_.reset();
    row_ = -1;
    rows_ = 0;
    std::fill(null_.begin(), null_.end(), 1);
}

std::int64_t PgCursor::int64(int col) const {
    const char* v = PQgetvalue(result_.get(), row_, col);
    if (PQftype(result_.get(), col) == kBoolOid) return v[0] == 't' ? 1 : 0;
    return std::strtoll(v, nullptr, 10);
}

bool PgCursor::is_null(int col) const { return PQgetisnull(result_.get(), row_, col) != 0; }

std::string PgCursor::text(int col) const {
    return std::string(PQgetvalue(result_.get(), row_, col),
                       static_cast<std::size_t>(PQgetlength(result_.get(), row_, col)));
}

std::string PgCursor::blob(int col) const {
    if (PQftype(result_.get(), col) != kByteaOid) return text(col);
    // bytea in text format is hex: "\x" then two digits a byte.
    const char* v = PQgetvalue(result_.get(), row_, col);
    const auto n = static_cast<std::size_t>(PQgetlength(result_.get(), row_, col));
    std::string out;
    if (n < 2 || v[0] != '\\' || v[1] != 'x') return out;
    out.reserve((n - 2) / 2);
    for (std::size_t i = 2; i + 1 < n; i += 2) {
        out += static_cast<char>(hex_digit(v[i]) << 4 | hex_digit(v[i + 1]));
    }
    return out;
}

}  // namespace pinfall::storage
