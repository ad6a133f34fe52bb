// The schema migrations of each backend: element i takes a database from version i to i + 1.
// Both lists have the same length and meaning (same tables, columns and constraints, each in
// its backend's types); Store::migrate applies the missing ones, each in its own transaction.
#pragma once

#include <span>

#include "storage/database.hpp"

namespace pinfall::storage {

std::span<const char* const> sqlite_migrations();    // storage/sqlite/schema.cpp
std::span<const char* const> postgres_migrations();  // storage/postgres/schema.cpp

inline std::span<const char* const> migrations_for(Dialect d) {
    return d == Dialect::kPostgres ? postgres_migrations() : sqlite_migrations();
}

}  // namespace pinfall::storage
