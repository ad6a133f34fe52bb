// The storage worker when its PostgreSQL server goes away ([postgres]: on a private cluster of
// its own, since it stops it): writes fail with an error instead of waiting or being
// acknowledged, the worker says it is unavailable (and why), lazy writes are held, and when the
// server is back the worker reconnects by itself, commits the held writes and serves again;
// what was committed before is all there.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <future>
#include <thread>

#include "server/app/core/storage_worker.hpp"
#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::server;
using storage::Status;
using storage::Store;

// A cluster of this test's own, removed at the end.
struct PrivateCluster {
    std::string dir;
    PrivateCluster() {
        char pattern[] = "/tmp/pinfall-pg-outage-XXXXXX";
        dir = ::mkdtemp(pattern);
        test::pg_cluster("start", dir);
    }
    ~PrivateCluster() { test::pg_cluster("stop", dir); }
    std::string location(const std::string& db) const {
        return "postgresql:///" + db + "?host=" + dir + "&user=postgres";
    }
};

Status write_sync(StorageWorker& w, const std::string& name) {
    std::promise<Status> done;
    w.write(
        [name](Store& s) {
            storage::PlayerId id = 0;
            return s.create_player(name, name, "hash-" + name, 1, &id);
        },
        [&done](const Status& st) { done.set_value(st); });
    return done.get_future().get();
}

template <class F>
bool eventually(F f, std::chrono::seconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
        if (f()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return f();
}

TEST_CASE("a lost database fails writes at once, holds lazy ones, and is reconnected",
          "[worker][postgres]") {
    PrivateCluster cluster;
    {
        Status st;
        auto admin = storage::PgDatabase::open(cluster.location("postgres"), &st);
        REQUIRE(st.is_ok());
        REQUIRE(admin->exec("CREATE DATABASE outage").is_ok());
    }
    StorageWorker worker(test::open_store(cluster.location("outage")));
    REQUIRE(write_sync(worker, "before").is_ok());
    CHECK(worker.available());

    test::pg_cluster("kill", cluster.dir);  // as a crash: connections cut at once
    const Status failed = write_sync(worker, "during");
    CHECK(failed.code() == Status::Code::kError);
    std::string reason;
    CHECK_FALSE(worker.available(&reason));
    CHECK_FALSE(reason.empty());
    CHECK(write_sync(worker, "during-2").code() == Status::Code::kError);  // still gone: at once

    std::atomic<int> lazy_done{0};
    std::atomic<bool> lazy_ok{false};
    worker.write_lazy(
        [](Store& s) {
            storage::PlayerId id = 0;
            return s.create_player("lazy", "lazy", "hash-lazy", 1, &id);
        },
        [&](const Status& st) {
            lazy_ok = st.is_ok();
            ++lazy_done;
        });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    CHECK(lazy_done == 0);  // held, not failed

    test::pg_cluster("restart", cluster.dir);
    CHECK(eventually([&] { return worker.available(); }, std::chrono::seconds(20)));
    CHECK(eventually([&] { return lazy_done == 1; }, std::chrono::seconds(5)));
    CHECK(lazy_ok);
    REQUIRE(write_sync(worker, "after").is_ok());
    std::string names;
    REQUIRE(worker
                .run_sync([&](Store& s) {
                    names = test::query_text(s.db(), "SELECT string_agg(name, ',' ORDER BY id) "
                                                     "FROM players");
                    return Status::ok();
                })
                .is_ok());
    CHECK(names == "before,lazy,after");
}

}  // namespace
