#include "server/app/share/share_page.hpp"

namespace pinfall::server {
namespace {

// A page's style, small and inline: the page is seen only until the script moves on, or by a
// browser without scripts.
constexpr const char* kShareStyle =
    "body{margin:0;font-family:system-ui,sans-serif;background:#eef1f5;color:#1d2433}"
    "main{max-width:640px;margin:0 auto;padding:24px 16px}"
    "img{width:100%;height:auto;border-radius:10px}"
    "a{color:#2451b7;display:inline-block;min-height:44px;line-height:44px;margin-right:16px}";

std::string share_meta(std::string_view attr, std::string_view name, std::string_view content) {
    return "<meta " + std::string(attr) + "=\"" + std::string(name) + "\" content=\"" +
           html_escape(content) + "\">\n";
}

}  // namespace

std::string html_escape(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 16);
    for (const char c : s) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

bool share_host_ok(std::string_view host) {
    if (host.empty() || host.size() > 255) return false;
    for (const char c : host) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                        c == '.' || c == '-' || c == ':' || c == '[' || c == ']';
        if (!ok) return false;
    }
    return true;
}

std::string share_base_url(const ShareOrigin& origin) {
    if (!origin.public_url.empty()) {
        std::string_view url = origin.public_url;
        while (!url.empty() && url.back() == '/') url.remove_suffix(1);
        return std::string(url);
    }
    if (!share_host_ok(origin.host)) return {};
    return (origin.https ? "https://" : "http://") + origin.host;
}

std::string share_image_path(const ShareFacts& f) {
    return "/api/share/" + std::to_string(f.game) + ".png?v=" + share_version(f);
}

std::string share_app_path(const ShareFacts& f) {
    // f.day is a checked "YYYY-MM-DD" (a stored daily attempt's day).
    return "/#/leaders/daily/" + f.day;
}

std::string share_page_html(const ShareFacts& f, const ShareOrigin& origin) {
    const ShareText t = share_text(f);
    const std::string base = share_base_url(origin);
    const std::string page_url = base + "/s/" + std::to_string(f.game);
    const std::string image_url = base + share_image_path(f);
    const std::string app = share_app_path(f);
    const std::string alt = t.title + ". " + t.description;
    std::string h;
    h.reserve(4096);
    h += "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    h += "<title>" + html_escape(t.title) + "</title>\n";
    h += share_meta("name", "description", t.description);
    h += share_meta("property", "og:type", "website");
    h += share_meta("property", "og:site_name", "Pinfall");
    h += share_meta("property", "og:title", t.title);
    h += share_meta("property", "og:description", t.description);
    h += share_meta("property", "og:url", page_url);
    h += share_meta("property", "og:image", image_url);
    h += share_meta("property", "og:image:type", "image/png");
    h += share_meta("property", "og:image:width", std::to_string(kShareWidth));
    h += share_meta("property", "og:image:height", std::to_string(kShareHeight));
    h += share_meta("property", "og:image:alt", alt);
    h += share_meta("name", "twitter:card", "summary_large_image");
    h += share_meta("name", "twitter:title", t.title);
    h += share_meta("name", "twitter:description", t.description);
    h += share_meta("name", "twitter:image", image_url);
    h += share_meta("name", "twitter:image:alt", alt);
    h += "<link rel=\"canonical\" href=\"" + html_escape(page_url) + "\">\n";
    h += std::string("<style>") + kShareStyle + "</style>\n</head>\n<body>\n<main>\n";
    h += "<h1>" + html_escape(t.title) + "</h1>\n";
    h += "<img src=\"" + html_escape(share_image_path(f)) + "\" width=\"" +
         std::to_string(kShareWidth) + "\" height=\"" + std::to_string(kShareHeight) +
         "\" alt=\"" + html_escape(alt) + "\">\n";
    h += "<p>" + html_escape(t.description) + "</p>\n";
    h += "<p><a href=\"" + html_escape(app) + "\">See the day's board</a>";
    h += "<a href=\"/#/daily\">Play today's daily</a></p>\n</main>\n";
    // A person goes on to the board; crawlers read the tags above and run no script. The path
    // holds only digits, '-', '/' and '#' (share_app_path).
    h += "<script>location.replace(\"" + html_escape(app) + "\");</script>\n";
    h += "</body>\n</html>\n";
    return h;
}

std::string share_missing_html() {
    return "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
           "<title>Pinfall: no shared result</title>\n</head>\n<body>\n<main>\n"
           "<h1>No shared result here</h1>\n"
           "<p>This link names no finished daily result that can be shown.</p>\n"
           "<p><a href=\"/#/daily\">Play today's daily</a></p>\n</main>\n</body>\n</html>\n";
}

}  // namespace pinfall::server
