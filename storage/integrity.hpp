// The board's integrity (issue 27, docs/integrity.md), schema version 11: the evidence of each
// analysed ranked game, the state of each ranked result (clean, review, cleared,
// disqualified) and its case, players' reports, where a ranked game was played from (for
// linked identities), and bans. Kept in a class of its own beside Store, on the same Database
// and thread (Store::integrity()).
//
// A result held (review, disqualified) or a banned player's is left out of every board query
// of Store and LeagueStore (daily_results, best_ranked_games, ranked_totals_since,
// LeagueStore::scores): the boards show clean and cleared results of players not banned.
//
// Thread-safety: none, as Store.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/ruleset.hpp"
#include "storage/database.hpp"
#include "storage/records.hpp"
#include "storage/status.hpp"

namespace pinfall::storage {

// ReviewState, review_state_name, parse_review_state and on_boards (shown on the boards: clean
// and cleared) are in storage/records.hpp, where GameRow and PlayedGame carry the state.

// What the analysis found in one finished ranked game (engine/integrity.hpp's report).
struct Evidence {
    GameRowId game = 0;
    PlayerId player = 0;
    engine::Ruleset ruleset = engine::Ruleset::kSackson;
    Millis finished_at = 0;  // the game's
    Millis analysed_at = 0;
    double llr = 0;
    double week_llr = 0;
    double guard_sum = 0;
    double guard_var = 0;
    int deciding = 0;
    int decisions = 0;
    double tau = 0;
    double z = 0;
    bool flagged = false;   // the game alone passed its thresholds
    std::string drivers;    // the deciding decisions as the server encodes them (JSON); opaque
};

// A finished ranked game to analyse.
struct PendingGame {
    GameRowId game = 0;
    int score = 0;
    Millis finished_at = 0;
    std::string day;  // daily games; empty for league and arena games
};

// A result with a case (under review or decided) or with reports, as moderators see it.
struct CaseRow {
    GameRowId game = 0;  // a case is its game's: one per game, the case's id is the game's
    PlayerId player = 0;
    std::string player_name;
    GameMode mode = GameMode::kDaily;
    std::string day;
    std::optional<std::int64_t> league;
    int league_round = 0;
    int league_game = 0;
    engine::Ruleset ruleset = engine::Ruleset::kSackson;
    int score = 0;
    std::optional<int> par;
    Millis finished_at = 0;
    ReviewState state = ReviewState::kClean;
    std::string reason;              // "statistic", "week", "moderator"; empty: reports only
    std::optional<Millis> opened_at;  // set when a case was opened
    std::optional<Millis> decided_at;
    std::optional<PlayerId> decided_by;
    std::string note;                // the deciding moderator's (or the opener's) note
    int reports = 0;                 // distinct reporters
    std::optional<Evidence> evidence;
};

// Another identity that played the same deal from the same place before this game finished.
struct LinkedIdentity {
    PlayerId player = 0;
    std::string name;
    GameRowId game = 0;
    std::string via;  // "address" or "browser" ("address" when both match)
    Millis started_at = 0;
};

struct BanRow {
    PlayerId player = 0;
    Millis banned_at = 0;
};

class IntegrityStore {
   public:
    // Prepares its statements on db (schema version 11 or later). Sets *status on failure.
    IntegrityStore(Database& db, Status* status);
    ~IntegrityStore();

    // Finished ranked games (daily, league and arena, with a player) that have no evidence
    // yet, best score first, then earlier finish; at most limit. The review (state, open_case,
    // decide, case_of, open_cases, add_report) knows the same games.
    std::vector<PendingGame> unanalysed(int limit);
    // Stores a game's evidence. conflict when the game has evidence already (nothing written).
    Status add_evidence(const Evidence& e);
    std::optional<Evidence> evidence(GameRowId game);
    // The player's last n evidence rows of the ruleset, newest game first (by finished_at).
    std::vector<Evidence> recent_evidence(PlayerId player, engine::Ruleset ruleset, int n);

    // The game's review state; nullopt when there is no such finished ranked game.
    std::optional<ReviewState> state(GameRowId game);
    // Puts a clean result under review and opens its case (reason, note, at now). *changed
    // tells whether it was clean (only then is anything written). not_found: no such finished
    // ranked game.
    Status open_case(GameRowId game, const std::string& reason, const std::string& note,
                     Millis now, bool* changed);
    // A moderator's decision: to is kCleared or kDisqualified. Allowed: review -> cleared,
    // review -> disqualified, cleared -> disqualified. not_found: no case; conflict: any other
    // transition (disqualified is final). Sets decided_at, decided_by, note.
    Status decide(GameRowId game, ReviewState to, PlayerId moderator, Millis now,
                  const std::string& note);
    std::optional<CaseRow> case_of(GameRowId game);
    // Results under review, and clean results with at least one report, at most limit, any
    // order (the server ranks them).
    std::vector<CaseRow> open_cases(int limit);

    // A report by a player on a finished ranked game. conflict when that player reported it
    // already; not_found when there is no such game.
    Status add_report(GameRowId game, PlayerId reporter, Millis now, const std::string& reason);
    // Reports made by the player since `since` (for the budget).
    int reports_since(PlayerId reporter, Millis since);

    // Other players' ranked games on the same deal (daily: the same day; league: the same
    // league, round and game) whose origin address or browser equals this game's, started
    // before this game finished. Empty when the game has no origin stored, and for arena
    // games (every arena game has a deal of its own: no one else plays it).
    std::vector<LinkedIdentity> linked(GameRowId game);

    // Bans (players.banned_at). ban: conflict when banned already; unban: not_found when not.
    Status ban(PlayerId player, Millis now);
    Status unban(PlayerId player);
    std::optional<Millis> banned_at(PlayerId player);
    // Every banned player (with the guest whose ranked identity it is, if any), for the
    // server's in-memory ban list at start.
    std::vector<std::pair<BanRow, std::optional<std::int64_t>>> bans();
    // The guest whose ranked identity the player is (guest_players), if any.
    std::optional<std::int64_t> guest_of(PlayerId player);

   private:
    Database& db_;
    struct Prepared;
    std::unique_ptr<Prepared> q_;
};

}  // namespace pinfall::storage
