// The PostgreSQL Coordinator (storage/coordinator.hpp): one libpq connection of its own, named
// by application_name so that pg_stat_activity shows which node holds which lock.
// Thread-safety: one thread at a time.
#pragma once

#include <memory>
#include <string>

#include "storage/coordinator.hpp"

namespace pinfall::storage {

// Connects to uri with application_name set to `name` (at most 63 bytes are kept).
std::unique_ptr<Coordinator> open_pg_coordinator(const std::string& uri, const std::string& name,
                                                 Status* status);

}  // namespace pinfall::storage
