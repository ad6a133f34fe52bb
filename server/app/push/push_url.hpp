// A push service's endpoint URL (RFC 8030): what the sender connects to and the origin its VAPID
// JWT names. Pure; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pinfall::server::push {

struct PushUrl {
    bool https = true;
    std::string host;    // lower case; an IPv6 address without its brackets
    std::string port;    // "443", "80" or the URL's
    std::string target;  // path and query, at least "/"
    bool ipv6 = false;
    // "https://host[:port]": the port only when not the scheme's default.
    std::string origin() const;
    // The Host header's value.
    std::string host_header() const;
};

// Parses an http or https URL without user information; nullopt for anything else (another
// scheme, no host, a bad port, a character a URL does not hold).
std::optional<PushUrl> parse_push_url(std::string_view url);
// Whether the host is an IP address or "localhost" (refused unless insecure endpoints are on).
bool host_is_address(const PushUrl& url);

}  // namespace pinfall::server::push
