// Serves the browser client's files from one directory. Pure path logic plus a file read.
// Thread-safe (no shared state).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pinfall::server::net {

struct StaticFile {
    std::string body;
    std::string_view content_type;
};

// The file for a request target under root ("/" -> index.html). Returns nullopt for a missing
// file and for any target that could leave root (".." segments, backslashes, NUL).
std::optional<StaticFile> load_static(const std::string& root, std::string_view target);

std::string_view content_type_for(std::string_view path);

}  // namespace pinfall::server::net
