// A prepared statement of PgDatabase (internal to the driver). Prepared on the server under a
// name of its own the first time it runs on a connection generation; each step() after a reset
// executes it with the bound parameters and then walks the rows of the result. send() queues
// it in the connection's pipeline instead, when the database defers results.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "storage/postgres/pg_database.hpp"

namespace pinfall::storage {

class PgCursor final : public Cursor {
   public:
    PgCursor(PgDatabase& db, std::string sql, int params);
    ~PgCursor() override;

    void bind_int(int i, std::int64_t v) override;
    void bind_text(int i, std::string_view v) override;
    void bind_blob(int i, const void* data, std::size_t n) override;
    void bind_null(int i) override;
    bool step(Status* status) override;
    Status send() override;
    void reset() override;
    std::int64_t int64(int col) const override;
    bool is_null(int col) const override;
    std::string text(int col) const override;
    std::string blob(int col) const override;

   private:
    struct ResultDeleter {
        void operator()(pg_result* r) const;
    };
    Status execute();
    // Prepares the statement on the server unless this connection generation has it already
    // (synchronously: what was sent ahead is flushed first).
    Status prepare_once();
    // The bound parameters as libpq takes them (pointers into values_).
    void parameters(std::vector<const char*>* values, std::vector<int>* lengths) const;
    void set(int i, std::string value, bool binary);

    PgDatabase& db_;
    const std::string sql_;
    const std::string name_;
    std::uint64_t prepared_in_ = 0;  // generation + 1 it was prepared in; 0: not yet
    std::vector<std::string> values_;
    std::vector<char> null_;
    std::vector<int> formats_;
    std::unique_ptr<pg_result, ResultDeleter> result_;
    int row_ = -1;
    int rows_ = 0;
};

}  // namespace pinfall::storage
