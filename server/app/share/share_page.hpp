// The share page of a finished daily attempt, GET /s/<game> (docs/protocol.md "Share cards"):
// a small HTML page whose Open Graph and Twitter card tags make chat apps unfurl the card
// image, and which sends a person on to the web app (the day's board). Every value written
// into it is HTML-escaped.
//
// Pure functions; thread-safe.
#pragma once

#include <string>
#include <string_view>

#include "server/app/share/share_facts.hpp"

namespace pinfall::server {

// Where the page is served from: the server's --public-url when it has one, else as the
// request names it.
struct ShareOrigin {
    std::string host;    // the Host header; used only when share_host_ok
    bool https = false;  // X-Forwarded-Proto: https (a proxy ending TLS)
    std::string public_url;  // --public-url ("https://bowl.example/"), checked by the config
};

// & < > " ' as character references.
std::string html_escape(std::string_view s);
// Whether a Host header may be written into a URL: 1-255 characters of letters, digits,
// '.', '-', ':', '[' and ']' (a name or address and a port).
bool share_host_ok(std::string_view host);
// The public URL without its last '/' when there is one; else "http://host" or
// "https://host"; empty when the host is not share_host_ok (the page's URLs are then
// relative).
std::string share_base_url(const ShareOrigin& origin);

// The image's path, with the facts' version as its query: "/api/share/12.png?v=<16 hex>".
std::string share_image_path(const ShareFacts& f);
// The web app's page a person is sent to: the day's board.
std::string share_app_path(const ShareFacts& f);

// The whole page (text/html; charset=utf-8).
std::string share_page_html(const ShareFacts& f, const ShareOrigin& origin);
// The page for a game that has no share card (404).
std::string share_missing_html();

}  // namespace pinfall::server
