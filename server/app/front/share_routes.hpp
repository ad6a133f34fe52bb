// GET /api/share/<game>.png and GET /s/<game> (docs/protocol.md "Share cards"): a finished
// daily attempt's card image and its share page. A game with no card (no such game, not a
// finished daily attempt, held for review or disqualified, a banned player's) is 404: the
// protocol's error object for the image, a short HTML page for /s/. Answers may be cached a
// little while (Cache-Control: public, max-age=60): the rank moves as others finish, and the
// page's image URL changes with what the card shows.
// Thread-safety: as ShareCards; `done` may run on any thread.
#pragma once

#include <functional>
#include <string_view>

#include "server/app/front/http_api.hpp"
#include "server/app/share/share_page.hpp"

namespace pinfall::server {

class ShareCards;

// Returns false (and never calls done) when target is neither route.
// origin: as the request names it; the server's --public-url, when set, wins.
bool handle_share(ShareCards& cards, std::string_view target, ShareOrigin origin,
                  std::function<void(ApiResponse)> done);

}  // namespace pinfall::server
