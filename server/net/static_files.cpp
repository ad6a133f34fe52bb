#include "server/net/static_files.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace pinfall::server::net {

std::string_view content_type_for(std::string_view path) {
    const auto dot = path.rfind('.');
    const std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot);
    if (ext == ".html") return "text/html; charset=utf-8";
    if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
    if (ext == ".css") return "text/css; charset=utf-8";
    if (ext == ".json") return "application/json";
    if (ext == ".webmanifest") return "application/manifest+json";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".png") return "image/png";
    if (ext == ".ico") return "image/x-icon";
    if (ext == ".txt") return "text/plain; charset=utf-8";
    return "application/octet-stream";
}

std::optional<StaticFile> load_static(const std::string& root, std::string_view target) {
    std::string_view path = target.substr(0, target.find_first_of("?#"));
    if (path.empty() || path[0] != '/') return std::nullopt;
    if (path.find("..") != std::string_view::npos || path.find('\\') != std::string_view::npos ||
        path.find('\0') != std::string_view::npos) {
        return std::nullopt;
    }
    std::string file = root + std::string(path);
    if (file.back() == '/') file += "index.html";
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) return std::nullopt;
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream body;
    body << in.rdbuf();
    if (in.bad()) return std::nullopt;
    return StaticFile{body.str(), content_type_for(file)};
}

}  // namespace pinfall::server::net
