#include "server/app/front/share_routes.hpp"

#include <charconv>
#include <optional>

#include "protocol/encode.hpp"
#include "server/app/share/share_cards.hpp"

namespace pinfall::server {
namespace {

constexpr const char* kShareCacheControl = "public, max-age=60";

std::optional<std::int64_t> share_game_id(std::string_view s) {
    std::int64_t v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || v < 1) return std::nullopt;
    return v;
}

ApiResponse share_error(ShareCards::Status status) {
    if (status == ShareCards::Status::kNotFound) {
        return ApiResponse{404, protocol::encode_error(std::nullopt, "unknown_game",
                                                       "no finished daily result with that id")};
    }
    return ApiResponse{500, protocol::encode_error(std::nullopt, "storage_error",
                                                   "the share card could not be made")};
}

}  // namespace

bool handle_share(ShareCards& cards, std::string_view target, ShareOrigin origin,
                  std::function<void(ApiResponse)> done) {
    origin.public_url = cards.public_url();
    const std::string_view path = target.substr(0, target.find('?'));
    constexpr std::string_view kImage = "/api/share/";
    constexpr std::string_view kPage = "/s/";
    constexpr std::string_view kPng = ".png";
    if (path.starts_with(kImage)) {
        std::string_view name = path.substr(kImage.size());
        const auto game = name.ends_with(kPng) ? share_game_id(name.substr(0, name.size() - 4))
                                               : std::nullopt;
        if (!game) {
            done(share_error(ShareCards::Status::kNotFound));
            return true;
        }
        cards.image(*game, [done = std::move(done)](ShareCards::Image image) {
            if (image.status != ShareCards::Status::kOk) return done(share_error(image.status));
            done(ApiResponse{200, *image.png, "image/png", kShareCacheControl});
        });
        return true;
    }
    if (path.starts_with(kPage)) {
        const auto game = share_game_id(path.substr(kPage.size()));
        auto missing = [](int status) {
            return ApiResponse{status, share_missing_html(), "text/html; charset=utf-8",
                               "no-store"};
        };
        if (!game) {
            done(missing(404));
            return true;
        }
        cards.facts(*game, [done = std::move(done), origin = std::move(origin), missing](ShareCards::Facts facts) {
            if (facts.status != ShareCards::Status::kOk) {
                return done(missing(facts.status == ShareCards::Status::kNotFound ? 404 : 500));
            }
            done(ApiResponse{200, share_page_html(*facts.facts, origin),
                             "text/html; charset=utf-8", kShareCacheControl});
        });
        return true;
    }
    return false;
}

}  // namespace pinfall::server
