// What the network layer (server/net/) may reach of the application: the dispatcher its
// WebSocket sessions hand messages to, the read-only API its HTTP sessions serve, the metrics it
// counts into, the storage's readiness (/healthz) and the node's name. Made by App; outlives
// every session.
#pragma once

#include <string>

#include "server/app/core/metrics.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/front/dispatcher.hpp"

namespace pinfall::server {

class LeagueService;
class Queries;
class ShareCards;

struct FrontDoor {
    Metrics& metrics;
    Dispatcher& dispatcher;  // WebSocket requests
    Queries& queries;        // GET /api/... (front/http_api.hpp)
    LeagueService& leagues;  // GET /api/leagues/...
    ShareCards& share;       // GET /api/share/<game>.png, /s/<game> (front/share_routes.hpp)
    StorageWorker& storage;  // available(): /healthz
    const std::string& node_id;  // set by App::serve() before any session
};

}  // namespace pinfall::server
