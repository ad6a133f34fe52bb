// Copying a whole database into another, empty one: how a SQLite installation moves to
// PostgreSQL (`pinfall-server --migrate-from sqlite:PATH --db postgresql://...`). Both Stores
// are open (so both schemas are current, same version); every table is copied row by row in
// dependency order inside one transaction of the target, ids kept, then the target's id
// sequences are moved past the copied ids. Meant for SQLite to PostgreSQL (the values are
// passed as text and blobs, which PostgreSQL's column types parse, booleans from 0/1 included).
// Thread-safety: none; both Stores belong to the calling thread while it runs.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "storage/store.hpp"

namespace pinfall::storage {

// Rows copied per table.
using CopyCounts = std::map<std::string, std::int64_t>;

// Copies every row of `from` into `to`. Refuses (conflict, nothing written) when `to` already
// holds players, guests or games; on any error the target's transaction is rolled back.
Status copy_database(Store& from, Store& to, CopyCounts* counts);

}  // namespace pinfall::storage
