// Moderation replies (docs/protocol.md "Moderation", issue 27): the review queue and its cases,
// bans, reports and the audit log, a page at a time. Pure functions; thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/integrity.hpp"
#include "protocol/replies.hpp"

namespace pinfall::protocol {

struct AuditLogEntry {
    std::int64_t id = 0;
    std::string at;                        // RFC 3339, milliseconds
    std::optional<PlayerRef> moderator;    // null: the operator, on the command line
    std::string action;
    std::string target;
    std::string note;
};

struct AuditLogPage {
    std::vector<AuditLogEntry> entries;    // newest first
    std::optional<std::int64_t> next_cursor;  // send it as `cursor` for the older entries
};

// {"type":"audit_log","re":..,"entries":[{"id","at","moderator","action","target","note"}],
//  "next_cursor":n|null}
std::string encode_audit_log(Re re, const AuditLogPage& page);

// The deciding decisions of an analysed game, as moderators read them (stored with its
// evidence and embedded as is in each case): [{"index","frame","ball","played","coach_best",
// "known_best","llr","q","choices":[{"action","expected","known"}]}], actions in record
// notation, values to 0.01.
std::string encode_integrity_drivers(const std::vector<engine::IntegrityDecision>& drivers);

struct Threshold {
    double llr = 0;
    double z = 0;
};
struct CaseEvidence {
    double llr = 0, z = 0, tau = 0;
    int decisions = 0, deciding = 0;
    bool flagged = false;
    Threshold threshold;
    // The player's last seven analysed games of the ruleset, summed (engine::week_verdict).
    double week_llr = 0, week_z = 0;
    int week_games = 0, week_deciding = 0;
    bool week_flagged = false;
    Threshold week_threshold;
    std::string drivers;  // encode_integrity_drivers's text
};
struct LinkedView {
    PlayerRef player;
    std::int64_t game = 0;
    std::string via;         // "address" or "browser"
    std::string started_at;  // RFC 3339
};
struct CaseView {
    std::int64_t game = 0;  // also the case's id
    PlayerRef player;
    std::string mode;       // "daily" or "league"
    std::optional<std::string> day;
    std::optional<std::int64_t> league;
    int round = 0, league_game = 0;  // league games
    std::string ruleset;
    int score = 0;
    std::optional<int> par;
    std::string finished_at;
    std::string status;  // clean, review, cleared, disqualified
    std::string reason;  // statistic, week, moderator; "" for a reported clean result
    std::optional<std::string> opened_at, decided_at;
    std::optional<PlayerRef> decided_by;
    std::string note;
    int reports = 0;
    double priority = 0;
    std::optional<CaseEvidence> evidence;
    std::vector<LinkedView> linked;
};

// {"type":"review_queue","re":..,"cases":[case...],"next_cursor":n|null}
std::string encode_review_queue(Re re, const std::vector<CaseView>& cases,
                                std::optional<std::int64_t> next_cursor);
// {"type":"review_case","re":..,"case":{...}}
std::string encode_review_case(Re re, const CaseView& c);
// {"type":"player_banned"|"player_unbanned","re":..,"player":{id,name}}
std::string encode_ban(Re re, const PlayerRef& player, bool banned);
// {"type":"reported","re":..,"game":n}
std::string encode_reported(Re re, std::int64_t game);

}  // namespace pinfall::protocol
