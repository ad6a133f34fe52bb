// Where phones reach this server (GET /api/links, docs/protocol.md "Lanes"): the public URL
// given with --public-url, and the server's own LAN addresses, so the browser can draw a lane's
// QR code with an address a phone on the same network can open even when the page itself was
// opened as http://localhost.
#pragma once

#include <string>
#include <vector>

namespace pinfall::server {

// "http://<address>:<port>/" for every up, non-loopback IPv4 interface address (IPv6 ones
// need brackets and are rarely typed; left out), in the order the OS lists them; empty when
// there is none or getifaddrs fails. Reads the OS once per call; thread-safe.
std::vector<std::string> lan_urls(unsigned short port);
// The LAN addresses a server listening on `bind` can be reached at: lan_urls for the wildcard
// (0.0.0.0 or ::), the address itself for one non-loopback IPv4 address, none for loopback.
std::vector<std::string> reachable_urls(const std::string& bind, unsigned short port);

// {"public_url":"https://bowl.example/"|null,"lan":["http://192.168.1.20:8080/",...]}.
// `public_url` empty: null.
std::string links_json(const std::string& public_url, const std::vector<std::string>& lan);

}  // namespace pinfall::server
