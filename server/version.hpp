// The server's name and version as sent in HTTP headers and the welcome message.
#pragma once

namespace pinfall::server {

inline constexpr const char* kServerName = "pinfall/0.1.0";

}  // namespace pinfall::server
