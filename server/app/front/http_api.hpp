// GET /api/... : the read-only queries over HTTP, with the same JSON bodies as the WebSocket
// replies (without "re"). Errors keep the protocol's error object and map to a status:
// unknown_* -> 404, storage_error -> 500, any other -> 400.
// Thread-safety: as Queries; `done` may run on any thread.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace pinfall::server {

class LeagueService;
class Queries;

struct ApiResponse {
    int status = 200;
    std::string body;
    std::string content_type = "application/json";
    std::string cache_control = "no-store";
};

// Returns false (and never calls done) when target is not an API route.
bool handle_api(Queries& queries, LeagueService& leagues, std::string_view target,
                std::function<void(ApiResponse)> done);

}  // namespace pinfall::server
