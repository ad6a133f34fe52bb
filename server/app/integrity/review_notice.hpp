// The `review` notice a player gets when one of their ranked results goes under review, is
// cleared or disqualified (docs/protocol.md "The inbox"): one per game and state, so a case
// opened again after it was cleared tells the player again. Pure; thread-safe.
#pragma once

#include <string>

#include "protocol/social.hpp"
#include "server/app/inbox/inbox.hpp"
#include "storage/integrity.hpp"

namespace pinfall::server {

inline NoticeDraft review_notice(const storage::CaseRow& c) {
    const std::string status = storage::review_state_name(c.state);
    const std::string mode = storage::mode_name(c.mode);
    return NoticeDraft{c.player, "review",
                       "review:" + std::to_string(c.game) + ":" + status + ":" +
                           std::to_string(c.decided_at.value_or(c.opened_at.value_or(0))),
                       protocol::notice_review(c.game, status, mode,
                                               c.mode == storage::GameMode::kDaily
                                                   ? std::optional<std::string>(c.day)
                                                   : std::nullopt)};
}

}  // namespace pinfall::server
