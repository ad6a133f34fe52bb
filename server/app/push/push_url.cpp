#include "server/app/push/push_url.hpp"

#include <algorithm>
#include <cctype>

namespace pinfall::server::push {

namespace {

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
    if (s.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
    }
    return true;
}

}  // namespace

std::string PushUrl::origin() const {
    const bool default_port = port == (https ? "443" : "80");
    return std::string(https ? "https://" : "http://") + (ipv6 ? "[" + host + "]" : host) +
           (default_port ? "" : ":" + port);
}

std::string PushUrl::host_header() const {
    const bool default_port = port == (https ? "443" : "80");
    return (ipv6 ? "[" + host + "]" : host) + (default_port ? "" : ":" + port);
}

std::optional<PushUrl> parse_push_url(std::string_view url) {
    PushUrl u;
    if (starts_with_nocase(url, "https://")) {
        url.remove_prefix(8);
    } else if (starts_with_nocase(url, "http://")) {
        u.https = false;
        url.remove_prefix(7);
    } else {
        return std::nullopt;
    }
    for (const char ch : url) {
        if (static_cast<unsigned char>(ch) <= 0x20 || static_cast<unsigned char>(ch) >= 0x7f ||
            ch == '"' || ch == '<' || ch == '>' || ch == '\\' || ch == '^' || ch == '`' ||
            ch == '{' || ch == '|' || ch == '}') {
            return std::nullopt;
        }
    }
    if (const auto hash = url.find('#'); hash != std::string_view::npos) url = url.substr(0, hash);
    const auto end = url.find_first_of("/?");
    std::string_view authority = url.substr(0, end);
    u.target = end == std::string_view::npos ? "/" : std::string(url.substr(end));
    if (u.target[0] == '?') u.target = "/" + u.target;
    if (authority.find('@') != std::string_view::npos) return std::nullopt;
    std::string_view port;
    if (!authority.empty() && authority[0] == '[') {
        const auto close = authority.find(']');
        if (close == std::string_view::npos) return std::nullopt;
        u.host = std::string(authority.substr(1, close - 1));
        u.ipv6 = true;
        const auto rest = authority.substr(close + 1);
        if (!rest.empty()) {
            if (rest[0] != ':') return std::nullopt;
            port = rest.substr(1);
        }
        if (u.host.empty() || u.host.find_first_not_of("0123456789abcdefABCDEF:.") != std::string::npos) {
            return std::nullopt;
        }
    } else {
        const auto colon = authority.find(':');
        u.host = std::string(authority.substr(0, colon));
        if (colon != std::string_view::npos) port = authority.substr(colon + 1);
        if (u.host.empty() || u.host.size() > 253 ||
            u.host.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.") !=
                std::string::npos) {
            return std::nullopt;
        }
    }
    std::transform(u.host.begin(), u.host.end(), u.host.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (port.empty()) {
        u.port = u.https ? "443" : "80";
    } else {
        if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string_view::npos) {
            return std::nullopt;
        }
        const int n = std::stoi(std::string(port));
        if (n < 1 || n > 65535) return std::nullopt;
        u.port = std::to_string(n);
    }
    return u;
}

bool host_is_address(const PushUrl& url) {
    if (url.ipv6 || url.host == "localhost") return true;
    const std::string& h = url.host;
    if (h.size() >= 10 && h.compare(h.size() - 10, 10, ".localhost") == 0) return true;
    // A name whose last label is all digits is an IPv4 address (dotted or not, as resolvers
    // read "127.1" or "2130706433").
    const auto dot = h.rfind('.');
    const std::string last = dot == std::string::npos ? h : h.substr(dot + 1);
    return !last.empty() && last.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace pinfall::server::push
