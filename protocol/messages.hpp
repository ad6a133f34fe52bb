// Typed client requests of the Pinfall protocol (docs/protocol.md). The decoder turns any text
// into one Request or one DecodeError; nothing else crosses into the server.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/ruleset.hpp"
#include "engine/seed.hpp"

namespace pinfall::protocol {

inline constexpr int kProtocolVersion = 1;
// Request ids and game ids are JSON integers a JavaScript client can hold exactly.
inline constexpr std::uint64_t kMaxId = (std::uint64_t{1} << 53) - 1;

using GameId = std::int64_t;

struct Hello {
    int version = kProtocolVersion;
    std::optional<std::string> guest;  // a guest token from an earlier welcome
    // A random key the browser keeps (docs/protocol.md "Hello"): 16-64 of [A-Za-z0-9_-]. Only
    // evidence for moderators (linked identities); never shown to anyone else.
    std::optional<std::string> browser;
};
struct PracticeStart {
    engine::Ruleset ruleset = engine::Ruleset::kSackson;
    std::optional<engine::Seed> seed;  // random from the OS when absent
    std::optional<std::string> day;    // replay a revealed daily challenge ("YYYY-MM-DD")
};
struct PlayRequest {
    GameId game = 0;
    int pile = 0;           // as sent: 1-3 is legal, others are the engine's bad_pile
    std::vector<int> pins;  // as sent, at most 10 entries; the engine checks the rest
};
struct StopRequest {
    GameId game = 0;
};
struct ResignRequest {
    GameId game = 0;
};
struct SnapshotRequest {
    GameId game = 0;
};
struct Ping {};

struct Register {
    std::string name;                     // validated by the server (player_names.hpp)
    std::optional<std::string> password;  // validated by the server (8-128 bytes)
};
// Either a token, or a name with a password (the decoder refuses any other mix).
struct Login {
    std::optional<std::string> token;
    std::optional<std::string> name;
    std::optional<std::string> password;
};
// Sets or replaces the logged-in player's password; `current` is checked when given.
struct ChangePassword {
    std::string password;
    std::optional<std::string> current;
};
// Token rotation: a new token for this connection, every other token of the player refused.
struct LogoutOthers {};
// A moderator's page of the audit log (docs/protocol.md "Moderation"): entries with ids below
// `cursor` (none: from the newest), at most `limit`.
struct AuditLogRequest {
    std::optional<std::int64_t> cursor;
    int limit = 50;
};
// The board's integrity (docs/protocol.md "Moderation"). A case is its game's: `game` names it.
struct ReviewQueueRequest {
    std::int64_t cursor = 0;  // the offset a previous page's next_cursor gave
    int limit = 20;           // 1-50
};
struct ReviewOpen {
    GameId game = 0;
    std::string note;
};
enum class ReviewDecision { kClear, kDisqualify };
struct ReviewDecide {
    GameId game = 0;
    ReviewDecision decision = ReviewDecision::kClear;
    std::string note;
};
struct BanRequest {
    std::int64_t player = 0;
    std::string note;
    bool unban = false;  // `unban`
};
struct ReportRequest {
    GameId game = 0;
    std::string reason;
};
// Arenas (docs/protocol.md "Arenas"). Settings are range-checked by the server.
enum class ArenaPhase { kAll, kUpcoming, kLive, kFinished };
struct ArenaList {
    ArenaPhase phase = ArenaPhase::kAll;
    int limit = 20;  // 1-50 a phase
};
struct ArenaCreate {
    std::string name;
    std::string ruleset = "sackson";
    std::string starts_at;  // RFC 3339
    int duration_min = 0;
    std::optional<int> clock_s;
    std::string entry = "open";         // "open", "registered", "league"
    std::optional<std::int64_t> league;  // entry "league"
};
enum class ArenaAction { kJoin, kLeave, kGet };
struct ArenaRequest {  // arena_join, arena_leave, arena
    ArenaAction action = ArenaAction::kGet;
    std::int64_t arena = 0;
    int offset = 0;  // arena: the standings page's first line (0-based)
    int limit = 20;  // arena: 1-100
};
struct ArenaPlay {
    std::int64_t arena = 0;
    bool berserk = false;
};
// Watching an arena game in play (what its player sees, never a face-down card).
struct ArenaWatch {
    GameId game = 0;
};
inline constexpr std::size_t kMaxNoteBytes = 500;
inline constexpr std::size_t kMaxReportBytes = 200;
struct DailyInfo {};
struct DailyStart {
    // A connection not logged in plays as its guest, under the guest's generated name
    // (docs/protocol.md "Guests and the daily"); without it such a start is login_required.
    bool guest = false;
};

enum class Board { kDaily, kBestGame, kBestAverage };
// Whose lines a board lists (docs/protocol.md "Scoped boards").
enum class ScopeKind { kGlobal, kFriends, kLeague };
struct BoardScope {
    ScopeKind kind = ScopeKind::kGlobal;
    std::int64_t league = 0;  // kLeague
};
// "global", "friends" or "league:<id>" (id 1..2^53-1); nullopt for anything else.
std::optional<BoardScope> parse_board_scope(std::string_view text);
struct LeaderboardRequest {
    Board board = Board::kDaily;
    std::optional<std::string> date;    // daily: "YYYY-MM-DD" (default: today)
    int limit = 50;                     // 1-100
    std::optional<std::string> cursor;  // from a previous page's next_cursor
    bool around = false;                // daily: the page around the player's own rank
    BoardScope scope;
};
struct ProfileRequest {
    std::optional<std::int64_t> player;  // default: the logged-in player
};
struct VerifyRequest {
    GameId game = 0;
};
struct RecordRequest {
    GameId game = 0;
};
// The coach (docs/protocol.md "Hints and reviews"): a hint for a practice game in play, the
// review of a finished, revealed game.
struct HintRequest {
    GameId game = 0;
};
struct ReviewRequest {
    GameId game = 0;
};
// Takes back the last action of a practice game (docs/protocol.md "Take-backs").
struct UndoRequest {
    GameId game = 0;
};

// Real lanes (docs/protocol.md "Lanes"). Codes are 6 characters; the server checks them.
struct LaneOpen {
    std::string ruleset;              // engine lane ruleset name, checked by the server
    std::vector<std::string> sides;   // 1-8 names (2 when teams)
    bool teams = false;
    std::optional<int> join;          // the side the opener joins, if any
    std::optional<std::string> name;  // the opener's name on that side (guests)
};
struct LaneJoin {
    std::string lane;
    int side = 0;
    std::optional<std::string> name;
};
struct LaneWatch {
    std::string lane;
};
struct LaneReportRequest {
    std::string lane;
    int side = 0;
    int pins = 0;
    bool foul = false;
};
struct LaneUndo {
    std::string lane;
};

// Leagues (docs/protocol.md "Leagues"). Settings are range-checked by the server.
struct LeagueCreate {
    std::string name;
    std::string ruleset = "sackson";
    int rounds = 0;
    int games_per_round = 3;
    int round_days = 7;
    std::string start_date;
    bool handicap = false;
    int handicap_percent = 90;
    // Absent: the ruleset's defaults (engine::handicap_defaults).
    std::optional<int> handicap_basis;
    std::optional<int> entering_average;
    std::optional<int> vacancy_score;
    bool secretary_bowls = false;  // the secretary is its first member at once
};
struct LeagueJoin {
    std::string code;
};
// kMine: `league_list`, the leagues of the logged-in player (league is 0).
enum class LeagueView { kDetail, kStandings, kRound, kMine };
struct LeagueGet {
    std::int64_t league = 0;
    LeagueView view = LeagueView::kDetail;
    int round = 0;  // kRound
};
struct LeaguePlay {
    std::int64_t league = 0;
    int round = 0;
    int game = 0;
};
enum class SecretaryAction {
    kCloseJoining, kOpenJoining, kRemove, kStartSeason, kEndRound, kEndSeason
};
struct LeagueSecretary {
    std::int64_t league = 0;
    SecretaryAction action = SecretaryAction::kCloseJoining;
    std::int64_t player = 0;  // kRemove
    int round = 0;            // kEndRound
};

// Friends and the inbox (docs/protocol.md "Friends and the inbox").
enum class SocialAction { kFollow, kUnfollow, kBlock, kUnblock };
inline constexpr std::size_t kInviteTokenChars = 22;
struct SocialRequest {  // follow, unfollow, block, unblock
    SocialAction action = SocialAction::kFollow;
    std::optional<std::int64_t> player;
    std::optional<std::string> name;    // follow only
    std::optional<std::string> invite;  // follow only
};
struct FriendsRequest {};
struct FriendInvite {
    bool renew = false;
};
struct InboxRequest {
    std::int64_t before = 0;  // the previous page's next_cursor; 0: from the newest
    int limit = 20;           // 1-50
};
struct InboxRead {
    std::optional<std::int64_t> notice;  // none: all
};

// Reminders and settings (docs/protocol.md "Reminders and settings").
struct ReminderChoices {  // each member given or not
    std::optional<bool> new_daily, streak_at_risk;
    std::optional<int> hour;  // 0-23
};
enum class SettingsAction { kGet, kSet, kSubscribe, kUnsubscribe, kStop };
// settings, settings_set, push_subscribe, push_unsubscribe, reminders_stop
struct SettingsRequest {
    SettingsAction action = SettingsAction::kGet;
    std::optional<std::string> endpoint;  // the device asked about (subscribe: the one subscribed)
    std::string p256dh, auth;             // subscribe: the subscription's keys, as sent
    std::optional<std::string> time_zone;
    std::optional<ReminderChoices> reminders;
};
struct PushKeyRequest {};

using RequestBody = std::variant<Hello, PracticeStart, PlayRequest, StopRequest, ResignRequest,
                                 SnapshotRequest, Ping, Register, Login, DailyInfo, DailyStart,
                                 LeaderboardRequest, ProfileRequest, VerifyRequest, RecordRequest,
                                 LaneOpen, LaneJoin, LaneWatch, LaneReportRequest, LaneUndo,
                                 LeagueCreate, LeagueJoin, LeagueGet, LeaguePlay, LeagueSecretary,
                                 HintRequest, ReviewRequest, ChangePassword, LogoutOthers,
                                 UndoRequest, AuditLogRequest, ReviewQueueRequest,
                                 ReviewOpen, ReviewDecide, BanRequest, ReportRequest, ArenaList,
                                 ArenaCreate, ArenaRequest, ArenaPlay, ArenaWatch,
                                 SocialRequest, FriendsRequest, FriendInvite, InboxRequest,
                                 InboxRead, SettingsRequest, PushKeyRequest>;

inline constexpr int kMaxLeaderboardLimit = 100;

struct Request {
    std::uint64_t id = 0;
    RequestBody body;
};

// Error codes of the protocol layer (the closed set is listed in docs/protocol.md, together
// with the engine's rule codes and the server's).
namespace code {
inline constexpr const char* kBadJson = "bad_json";        // not JSON text
inline constexpr const char* kBadRequest = "bad_request";  // JSON, but not a valid request
inline constexpr const char* kUnknownType = "unknown_type";
inline constexpr const char* kTooManyPins = "too_many_pins";
}  // namespace code

struct DecodeError {
    std::optional<std::uint64_t> id;  // the request id, when it could be read
    const char* code;
    std::string message;
};

using Decoded = std::variant<Request, DecodeError>;

inline constexpr int kDefaultMaxDepth = 16;

// Decodes one text message. Never throws. Refuses (DecodeError): malformed JSON, nesting deeper
// than max_depth, a duplicate key anywhere, a non-object top level, a missing or mistyped
// field, an integer out of the field's range, a float where an integer is expected, an unknown
// type, unknown fields in a known request.
Decoded decode_request(std::string_view text, int max_depth = kDefaultMaxDepth);

}  // namespace pinfall::protocol
