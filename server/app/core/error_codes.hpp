// Error codes the server adds to the protocol's and the engine's (docs/protocol.md lists every
// one). Stable: clients match on them.
#pragma once

namespace pinfall::server::code {

inline constexpr const char* kHelloRequired = "hello_required";
inline constexpr const char* kUnsupportedVersion = "unsupported_version";
inline constexpr const char* kUnknownGuest = "unknown_guest";
inline constexpr const char* kUnknownGame = "unknown_game";
inline constexpr const char* kNotYourGame = "not_your_game";
inline constexpr const char* kRateLimited = "rate_limited";
inline constexpr const char* kServerBusy = "server_busy";
inline constexpr const char* kWrongPhase = "wrong_phase";
inline constexpr const char* kBinaryFrame = "bad_request";
inline constexpr const char* kBadRequest = "bad_request";
inline constexpr const char* kBadName = "bad_name";
inline constexpr const char* kBadSide = "bad_side";
inline constexpr const char* kNameTaken = "name_taken";
inline constexpr const char* kBadToken = "bad_token";
inline constexpr const char* kLoginRequired = "login_required";
inline constexpr const char* kDailyFinished = "daily_finished";
inline constexpr const char* kNotRevealed = "not_revealed";
inline constexpr const char* kStorageError = "storage_error";
inline constexpr const char* kUnknownLane = "unknown_lane";
inline constexpr const char* kBadRuleset = "bad_ruleset";
inline constexpr const char* kOverBudget = "over_budget";
inline constexpr const char* kRankedGame = "ranked_game";
inline constexpr const char* kAnalysisLimited = "analysis_limited";
inline constexpr const char* kAnalysisBusy = "analysis_busy";
inline constexpr const char* kNotFinished = "not_finished";
inline constexpr const char* kGameOver = "game_over";
inline constexpr const char* kBadPassword = "bad_password";
inline constexpr const char* kWrongPassword = "wrong_password";
inline constexpr const char* kPasswordLimited = "password_limited";
inline constexpr const char* kPlayerElsewhere = "player_elsewhere";
inline constexpr const char* kMoved = "moved";
inline constexpr const char* kForbidden = "forbidden";
inline constexpr const char* kBanned = "banned";
inline constexpr const char* kUnknownCase = "unknown_case";
inline constexpr const char* kUnknownPlayer = "unknown_player";
// Friends and the inbox (docs/protocol.md "Friends and the inbox").
inline constexpr const char* kYourself = "yourself";
inline constexpr const char* kBlocked = "blocked";
inline constexpr const char* kFollowLimit = "follow_limit";
inline constexpr const char* kBadInvite = "bad_invite";
inline constexpr const char* kUnknownNotice = "unknown_notice";
inline constexpr const char* kUnknownLeague = "unknown_league";
inline constexpr const char* kNotMember = "not_member";
// Reminders and settings (docs/protocol.md "Reminders and settings").
inline constexpr const char* kBadTimeZone = "bad_time_zone";
inline constexpr const char* kBadSubscription = "bad_subscription";

}  // namespace pinfall::server::code
