// PgCoordinator: advisory locks and LISTEN/NOTIFY over one libpq connection. Every call is one
// round trip (PQexecParams); notices arrive on the same socket and are read by wait().
#include "storage/postgres/pg_coordinator.hpp"

#include <libpq-fe.h>
#include <poll.h>

#include <set>

#include "storage/postgres/pg_database.hpp"  // redact_uri

namespace pinfall::storage {

namespace {

std::string trimmed(const char* message) {
    std::string s = message ? message : "";
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
}

void ignore_notice(void*, const char*) {}

class PgCoordinator final : public Coordinator {
   public:
    PgCoordinator(std::string uri, std::string name) : uri_(std::move(uri)), name_(std::move(name)) {}
    ~PgCoordinator() override { PQfinish(conn_); }

    Status connect() {
        PQfinish(conn_);
        const char* keys[] = {"dbname", "application_name", nullptr};
        const char* values[] = {uri_.c_str(), name_.c_str(), nullptr};
        conn_ = PQconnectdbParams(keys, values, /*expand_dbname=*/1);
        if (PQstatus(conn_) != CONNECTION_OK) {
            return Status::error("cannot connect to " + redact_uri(uri_) + ": " +
                                 trimmed(PQerrorMessage(conn_)));
        }
        PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
        for (const auto& channel : channels_) {
            if (auto st = run("LISTEN " + channel, {}); !st.is_ok()) return st;
        }
        return Status::ok();
    }

    bool shared() const override { return true; }

    Status set_name(const std::string& name) override {
        name_ = name.substr(0, 63);  // kept for reconnects
        return run("SELECT set_config('application_name', $1, false)", {name_});
    }

    Status listen(const std::string& channel) override {
        // The name goes into the statement (LISTEN takes no parameter): letters and '_' only.
        if (channel.empty() || channel.find_first_not_of("abcdefghijklmnopqrstuvwxyz_") !=
                                   std::string::npos) {
            return Status::error("bad channel name");
        }
        if (auto st = run("LISTEN " + channel, {}); !st.is_ok()) return st;
        channels_.insert(channel);
        return Status::ok();
    }

    Status notify(const std::string& channel, const std::string& payload) override {
        return run("SELECT pg_notify($1, $2)", {channel, payload});
    }

    Status try_lock(std::int64_t key, bool* taken) override {
        std::string value;
        auto st = run("SELECT pg_try_advisory_lock($1::bigint)", {std::to_string(key)}, &value);
        *taken = st.is_ok() && value == "t";
        return st;
    }

    Status unlock(std::int64_t key) override {
        return run("SELECT pg_advisory_unlock($1::bigint)", {std::to_string(key)});
    }

    Status lock_holders(std::vector<std::pair<std::int64_t, std::string>>* out) override {
        // A bigint key is split over classid (high half) and objid (low half), objsubid 1.
        PGresult* r = PQexec(conn_,
                             "SELECT ((l.classid::bigint << 32) | l.objid::bigint)::text, "
                             "a.application_name FROM pg_locks l JOIN pg_stat_activity a "
                             "ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted "
                             "AND l.objsubid = 1 AND l.database = (SELECT oid FROM pg_database "
                             "WHERE datname = current_database())");
        Status st = status_of(r);
        if (st.is_ok()) {
            for (int i = 0; i < PQntuples(r); ++i) {
                out->emplace_back(std::stoll(PQgetvalue(r, i, 0)), PQgetvalue(r, i, 1));
            }
        }
        PQclear(r);
        return st;
    }

    Status wait(std::chrono::milliseconds timeout, std::vector<Notice>* out) override {
        if (!connected()) return Status::error("the coordination connection is lost");
        if (!PQconsumeInput(conn_)) return lost();
        if (!drain(out)) {
            pollfd p{PQsocket(conn_), POLLIN, 0};
            const int ready = ::poll(&p, 1, static_cast<int>(timeout.count()));
            if (ready > 0) {
                if (!PQconsumeInput(conn_)) return lost();
                drain(out);
            }
        }
        return Status::ok();
    }

    bool connected() const override { return conn_ && PQstatus(conn_) == CONNECTION_OK; }
    Status reconnect() override { return connect(); }

   private:
    // Moves the notices libpq has read into out; true when there was one.
    bool drain(std::vector<Notice>* out) {
        bool any = false;
        while (PGnotify* n = PQnotifies(conn_)) {
            out->push_back(Notice{n->relname, n->extra});
            PQfreemem(n);
            any = true;
        }
        return any;
    }

    Status lost() { return Status::error("the coordination connection is lost: " +
                                         trimmed(PQerrorMessage(conn_))); }

    Status status_of(PGresult* r) {
        const auto s = PQresultStatus(r);
        if (s == PGRES_TUPLES_OK || s == PGRES_COMMAND_OK) return Status::ok();
        return Status::error(trimmed(PQerrorMessage(conn_)));
    }

    // One statement with text parameters; *first gets the first row's first value.
    Status run(const std::string& sql, const std::vector<std::string>& params,
               std::string* first = nullptr) {
        if (!connected()) return Status::error("the coordination connection is lost");
        std::vector<const char*> values;
        for (const auto& p : params) values.push_back(p.c_str());
        PGresult* r = PQexecParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr,
                                   values.data(), nullptr, nullptr, 0);
        Status st = status_of(r);
        if (st.is_ok() && first && PQntuples(r) > 0) *first = PQgetvalue(r, 0, 0);
        PQclear(r);
        return st;
    }

    const std::string uri_;
    std::string name_;
    PGconn* conn_ = nullptr;
    std::set<std::string> channels_;
};

}  // namespace

std::unique_ptr<Coordinator> open_pg_coordinator(const std::string& uri, const std::string& name,
                                                 Status* status) {
    auto c = std::make_unique<PgCoordinator>(uri, name.substr(0, 63));
    *status = c->connect();
    if (!status->is_ok()) return nullptr;
    return c;
}

}  // namespace pinfall::storage
