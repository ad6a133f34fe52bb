// What the application layer shares across connections. Owned by main(); outlives every
// session. Each member documents its own thread-safety.
#pragma once

#include <string>

#include "server/app/clock.hpp"
#include "server/app/metrics.hpp"
#include "server/app/registry.hpp"

namespace pinfall::server {

struct Services {
    Registry& registry;
    Metrics& metrics;
    const Clock& clock;
    std::string server_name;  // "pinfall/<version>"
};

}  // namespace pinfall::server
