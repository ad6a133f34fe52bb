// Text for the coach's replies (docs/protocol.md "Hints and reviews"): a hint at the play
// prompt and `pinfall review`. Pure; thread-safe.
#pragma once

#include <string>

#include "client/connection.hpp"

namespace pinfall::cli {

// The top plays of a hint reply (at most kHintLines) with their expected final scores, or the
// refusal in words for an error reply.
inline constexpr std::size_t kHintLines = 5;
std::string render_hint(const Json& reply);
// The summary line, every decision (the coach's choice where it differs, the expected points
// lost and the mark), and the par line of a review reply.
std::string render_review(const Json& review);

}  // namespace pinfall::cli
