#include "storage/integrity.hpp"

#include <utility>

namespace pinfall::storage {
namespace {

// A finished ranked game with a player, for queries over games g: the only results the
// integrity review knows (daily, league and arena; practice games are on no board).
constexpr const char* kRankedFinished =
    "g.mode IN ('daily', 'league', 'arena') AND g.finished_at IS NOT NULL AND "
    "g.player_id IS NOT NULL";

constexpr const char* kEvidenceColumns =
    "game_id, player_id, ruleset, finished_at, analysed_at, llr, week_llr, guard_sum, "
    "guard_var, deciding, decisions, tau, z, flagged, drivers";

// A case row: the game, its player, its case (left join) and the count of its reports, then the
// evidence (left join, kEvidenceColumns from column kCaseEvidenceAt on).
constexpr int kCaseEvidenceAt = 19;
std::string case_query(const std::string& where) {
    return std::string(
               "SELECT g.id, g.player_id, p.name, g.mode, coalesce(g.day, ''), g.league_id, "
               "g.league_round, g.league_game, g.ruleset, g.score, g.par, g.finished_at, "
               "g.review, c.reason, c.opened_at, c.decided_at, c.decided_by, c.note, "
               "(SELECT count(*) FROM reports r WHERE r.game_id = g.id), "
               "e.game_id, e.player_id, e.ruleset, e.finished_at, e.analysed_at, e.llr, "
               "e.week_llr, e.guard_sum, e.guard_var, e.deciding, e.decisions, e.tau, e.z, "
               "e.flagged, e.drivers "
               "FROM games g JOIN players p ON p.id = g.player_id "
               "LEFT JOIN review_cases c ON c.game_id = g.id "
               "LEFT JOIN integrity_evidence e ON e.game_id = g.id WHERE ") +
           kRankedFinished + " AND " + where;
}

engine::Ruleset integrity_ruleset(const std::string& name) {
    return engine::parse_ruleset(name).value_or(engine::Ruleset::kSackson);
}

// kEvidenceColumns read from column `at` on.
Evidence evidence_at(const Statement& s, int at) {
    Evidence e;
    e.game = s.int64(at);
    e.player = s.int64(at + 1);
    e.ruleset = integrity_ruleset(s.text(at + 2));
    e.finished_at = s.int64(at + 3);
    e.analysed_at = s.int64(at + 4);
    e.llr = s.real(at + 5);
    e.week_llr = s.real(at + 6);
    e.guard_sum = s.real(at + 7);
    e.guard_var = s.real(at + 8);
    e.deciding = s.int32(at + 9);
    e.decisions = s.int32(at + 10);
    e.tau = s.real(at + 11);
    e.z = s.real(at + 12);
    e.flagged = s.int64(at + 13) != 0;
    e.drivers = s.text(at + 14);
    return e;
}

CaseRow case_row(const Statement& s) {
    CaseRow c;
    c.game = s.int64(0);
    c.player = s.int64(1);
    c.player_name = s.text(2);
    c.mode = parse_mode(s.text(3)).value_or(GameMode::kDaily);
    c.day = s.text(4);
    if (!s.is_null(5)) {
        c.league = s.int64(5);
        c.league_round = s.int32(6);
        c.league_game = s.int32(7);
    }
    c.ruleset = integrity_ruleset(s.text(8));
    c.score = s.int32(9);
    if (!s.is_null(10)) c.par = s.int32(10);
    c.finished_at = s.int64(11);
    c.state = parse_review_state(s.text(12)).value_or(ReviewState::kClean);
    if (!s.is_null(13)) c.reason = s.text(13);
    if (!s.is_null(14)) c.opened_at = s.int64(14);
    if (!s.is_null(15)) c.decided_at = s.int64(15);
    if (!s.is_null(16)) c.decided_by = s.int64(16);
    if (!s.is_null(17)) c.note = s.text(17);
    c.reports = s.int32(18);
    if (!s.is_null(kCaseEvidenceAt)) c.evidence = evidence_at(s, kCaseEvidenceAt);
    return c;
}

// One branch of linked(): other players' games on the same deal as the game t (the CTE) that
// match it on `column`, started before t finished.
std::string linked_branch(const char* mode, const char* same_deal, const char* column,
                          const char* via, const char* extra) {
    return std::string("SELECT o.player_id, p.name, o.id, '") + via +
           "', o.started_at FROM t JOIN games o ON o.mode = '" + mode + "' AND t.mode = '" +
           mode + "' AND " + same_deal + " AND o." + column + " = t." + column +
           " JOIN players p ON p.id = o.player_id "
           "WHERE o.player_id <> t.player_id AND o.started_at < t.until_at" +
           extra;
}

}  // namespace

struct IntegrityStore::Prepared {
    Statement unanalysed, add_evidence, evidence, recent_evidence;
    Statement state, hold, open_case, case_state, set_review, decide_case, case_of, open_cases;
    Statement add_report, reports_since, linked;
    Statement ban, unban, banned_at, player_exists, guest_of, bans;
};

IntegrityStore::IntegrityStore(Database& db, Status* status)
    : db_(db), q_(std::make_unique<Prepared>()) {
    Status s;
    auto prep = [&](Statement& into, const std::string& sql) {
        if (s.is_ok()) into = db_.prepare(sql, &s);
    };
    const std::string ranked = kRankedFinished;
    Prepared& q = *q_;
    prep(q.unanalysed,
         "SELECT g.id, g.score, g.finished_at, "
         "CASE WHEN g.mode = 'daily' THEN coalesce(g.day, '') ELSE '' END FROM games g WHERE " +
             ranked +
             " AND NOT EXISTS (SELECT 1 FROM integrity_evidence e WHERE e.game_id = g.id) "
             "ORDER BY g.score DESC, g.finished_at ASC, g.id ASC LIMIT ?");
    prep(q.add_evidence,
         std::string("INSERT INTO integrity_evidence (") + kEvidenceColumns +
             ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
             "ON CONFLICT (game_id) DO NOTHING");
    prep(q.evidence,
         std::string("SELECT ") + kEvidenceColumns + " FROM integrity_evidence WHERE game_id = ?");
    prep(q.recent_evidence,
         std::string("SELECT ") + kEvidenceColumns +
             " FROM integrity_evidence WHERE player_id = ? AND ruleset = ? "
             "ORDER BY finished_at DESC, game_id DESC LIMIT ?");

    prep(q.state, "SELECT g.review FROM games g WHERE g.id = ? AND " + ranked);
    prep(q.hold, "UPDATE games SET review = 'review' WHERE id = ? AND review = 'clean' AND "
                 "mode IN ('daily', 'league', 'arena') AND finished_at IS NOT NULL AND "
                 "player_id IS NOT NULL");
    // A clean result has no case (nothing puts a result back to clean); should a row be left
    // over all the same, the new case replaces it.
    prep(q.open_case,
         "INSERT INTO review_cases (game_id, reason, opened_at, note) VALUES (?, ?, ?, ?) "
         "ON CONFLICT (game_id) DO UPDATE SET reason = excluded.reason, "
         "opened_at = excluded.opened_at, decided_at = NULL, decided_by = NULL, "
         "note = excluded.note");
    prep(q.case_state,
         "SELECT g.review FROM games g JOIN review_cases c ON c.game_id = g.id WHERE g.id = ?");
    prep(q.set_review, "UPDATE games SET review = ? WHERE id = ? AND review = ?");
    prep(q.decide_case,
         "UPDATE review_cases SET decided_at = ?, decided_by = ?, note = ? WHERE game_id = ?");
    prep(q.case_of, case_query("g.id = ?"));
    prep(q.open_cases,
         case_query("g.id IN (SELECT id FROM games WHERE review = 'review' "
                    "UNION SELECT game_id FROM reports) AND g.review IN ('review', 'clean') "
                    "ORDER BY g.id LIMIT ?"));

    prep(q.add_report,
         "INSERT INTO reports (game_id, reporter_id, at, reason) VALUES (?, ?, ?, ?) "
         "ON CONFLICT (game_id, reporter_id) DO NOTHING");
    prep(q.reports_since, "SELECT count(*) FROM reports WHERE reporter_id = ? AND at >= ?");
    const char* daily_deal = "o.day = t.day";
    const char* league_deal =
        "o.league_id = t.league_id AND o.league_round = t.league_round AND "
        "o.league_game = t.league_game";
    // Browser matches that are no address match (those are "address").
    const char* not_address =
        " AND (o.origin_address IS NULL OR t.origin_address IS NULL OR "
        "o.origin_address <> t.origin_address)";
    prep(q.linked,
         "WITH t AS (SELECT player_id, mode, day, league_id, league_round, league_game, "
         "origin_address, origin_browser, coalesce(finished_at, started_at) AS until_at "
         "FROM games WHERE id = ?) " +
             linked_branch("daily", daily_deal, "origin_address", "address", "") +
             " UNION ALL " +
             linked_branch("daily", daily_deal, "origin_browser", "browser", not_address) +
             " UNION ALL " +
             linked_branch("league", league_deal, "origin_address", "address", "") +
             " UNION ALL " +
             linked_branch("league", league_deal, "origin_browser", "browser", not_address) +
             " ORDER BY 5, 3");

    prep(q.ban, "UPDATE players SET banned_at = ? WHERE id = ? AND banned_at IS NULL");
    prep(q.unban, "UPDATE players SET banned_at = NULL WHERE id = ? AND banned_at IS NOT NULL");
    prep(q.banned_at, "SELECT banned_at FROM players WHERE id = ?");
    prep(q.player_exists, "SELECT 1 FROM players WHERE id = ?");
    prep(q.guest_of, "SELECT guest_id FROM guest_players WHERE player_id = ?");
    prep(q.bans,
         "SELECT p.id, p.banned_at, g.guest_id FROM players p "
         "LEFT JOIN guest_players g ON g.player_id = p.id WHERE p.banned_at IS NOT NULL "
         "ORDER BY p.id");
    *status = s;
}

IntegrityStore::~IntegrityStore() = default;

std::vector<PendingGame> IntegrityStore::unanalysed(int limit) {
    Statement& s = q_->unanalysed;
    s.bind(1, limit);
    std::vector<PendingGame> out;
    while (s.step()) out.push_back(PendingGame{s.int64(0), s.int32(1), s.int64(2), s.text(3)});
    s.reset();
    return out;
}

Status IntegrityStore::add_evidence(const Evidence& e) {
    Statement& s = q_->add_evidence;
    s.bind(1, e.game).bind(2, e.player).bind(3, engine::ruleset_name(e.ruleset));
    s.bind(4, e.finished_at).bind(5, e.analysed_at).bind_double(6, e.llr);
    s.bind_double(7, e.week_llr).bind_double(8, e.guard_sum).bind_double(9, e.guard_var);
    s.bind(10, e.deciding).bind(11, e.decisions).bind_double(12, e.tau).bind_double(13, e.z);
    s.bind(14, e.flagged ? 1 : 0).bind(15, e.drivers);
    if (Status st = s.run(); !st.is_ok()) return st;
    if (db_.changes() == 0) {
        return Status::conflict("game " + std::to_string(e.game) + " has evidence already");
    }
    return Status::ok();
}

std::optional<Evidence> IntegrityStore::evidence(GameRowId game) {
    Statement& s = q_->evidence;
    s.bind(1, game);
    std::optional<Evidence> out;
    if (s.step()) out = evidence_at(s, 0);
    s.reset();
    return out;
}

std::vector<Evidence> IntegrityStore::recent_evidence(PlayerId player, engine::Ruleset ruleset,
                                                      int n) {
    Statement& s = q_->recent_evidence;
    s.bind(1, player).bind(2, engine::ruleset_name(ruleset)).bind(3, n);
    std::vector<Evidence> out;
    while (s.step()) out.push_back(evidence_at(s, 0));
    s.reset();
    return out;
}

std::optional<ReviewState> IntegrityStore::state(GameRowId game) {
    Statement& s = q_->state;
    s.bind(1, game);
    std::optional<ReviewState> out;
    if (s.step()) out = parse_review_state(s.text(0)).value_or(ReviewState::kClean);
    s.reset();
    return out;
}

Status IntegrityStore::open_case(GameRowId game, const std::string& reason,
                                 const std::string& note, Millis now, bool* changed) {
    *changed = false;
    if (Status st = q_->hold.bind(1, game).run(); !st.is_ok()) return st;
    if (db_.changes() == 0) {
        if (!state(game)) return Status::not_found("no finished ranked game " + std::to_string(game));
        return Status::ok();  // not clean: under review or decided already
    }
    Statement& s = q_->open_case;
    s.bind(1, game).bind(2, reason).bind(3, now).bind(4, note);
    if (Status st = s.run(); !st.is_ok()) return st;
    *changed = true;
    return Status::ok();
}

Status IntegrityStore::decide(GameRowId game, ReviewState to, PlayerId moderator, Millis now,
                              const std::string& note) {
    Statement& c = q_->case_state;
    c.bind(1, game);
    std::optional<ReviewState> from;
    if (c.step()) from = parse_review_state(c.text(0));
    Status read = c.status();
    c.reset();
    if (!read.is_ok()) return read;
    if (!from) return Status::not_found("no case of game " + std::to_string(game));
    const bool allowed =
        (*from == ReviewState::kReview &&
         (to == ReviewState::kCleared || to == ReviewState::kDisqualified)) ||
        (*from == ReviewState::kCleared && to == ReviewState::kDisqualified);
    if (!allowed) {
        return Status::conflict(std::string("a result ") + review_state_name(*from) +
                                " cannot become " + review_state_name(to));
    }
    Statement& s = q_->set_review;
    s.bind(1, review_state_name(to)).bind(2, game).bind(3, review_state_name(*from));
    if (Status st = s.run(); !st.is_ok()) return st;
    if (db_.changes() == 0) return Status::conflict("the case changed meanwhile");
    Statement& d = q_->decide_case;
    d.bind(1, now).bind(2, moderator).bind(3, note).bind(4, game);
    return d.run();
}

std::optional<CaseRow> IntegrityStore::case_of(GameRowId game) {
    Statement& s = q_->case_of;
    s.bind(1, game);
    std::optional<CaseRow> out;
    if (s.step()) out = case_row(s);
    s.reset();
    return out;
}

std::vector<CaseRow> IntegrityStore::open_cases(int limit) {
    Statement& s = q_->open_cases;
    s.bind(1, limit);
    std::vector<CaseRow> out;
    while (s.step()) out.push_back(case_row(s));
    s.reset();
    return out;
}

Status IntegrityStore::add_report(GameRowId game, PlayerId reporter, Millis now,
                                  const std::string& reason) {
    if (!state(game)) return Status::not_found("no finished ranked game " + std::to_string(game));
    Statement& s = q_->add_report;
    s.bind(1, game).bind(2, reporter).bind(3, now).bind(4, reason);
    if (Status st = s.run(); !st.is_ok()) return st;
    if (db_.changes() == 0) return Status::conflict("reported already");
    return Status::ok();
}

int IntegrityStore::reports_since(PlayerId reporter, Millis since) {
    Statement& s = q_->reports_since;
    s.bind(1, reporter).bind(2, since);
    const int n = s.step() ? s.int32(0) : 0;
    s.reset();
    return n;
}

std::vector<LinkedIdentity> IntegrityStore::linked(GameRowId game) {
    Statement& s = q_->linked;
    s.bind(1, game);
    std::vector<LinkedIdentity> out;
    while (s.step()) {
        out.push_back(LinkedIdentity{s.int64(0), s.text(1), s.int64(2), s.text(3), s.int64(4)});
    }
    s.reset();
    return out;
}

Status IntegrityStore::ban(PlayerId player, Millis now) {
    if (Status st = q_->ban.bind(1, now).bind(2, player).run(); !st.is_ok()) return st;
    if (db_.changes() > 0) return Status::ok();
    Statement& e = q_->player_exists;
    e.bind(1, player);
    const bool exists = e.step();
    e.reset();
    if (!exists) return Status::not_found("no player " + std::to_string(player));
    return Status::conflict("banned already");
}

Status IntegrityStore::unban(PlayerId player) {
    if (Status st = q_->unban.bind(1, player).run(); !st.is_ok()) return st;
    if (db_.changes() == 0) return Status::not_found("not banned");
    return Status::ok();
}

std::optional<Millis> IntegrityStore::banned_at(PlayerId player) {
    Statement& s = q_->banned_at;
    s.bind(1, player);
    std::optional<Millis> out;
    if (s.step() && !s.is_null(0)) out = s.int64(0);
    s.reset();
    return out;
}

std::optional<std::int64_t> IntegrityStore::guest_of(PlayerId player) {
    Statement& s = q_->guest_of;
    s.bind(1, player);
    std::optional<std::int64_t> out;
    if (s.step()) out = s.int64(0);
    s.reset();
    return out;
}

std::vector<std::pair<BanRow, std::optional<std::int64_t>>> IntegrityStore::bans() {
    Statement& s = q_->bans;
    std::vector<std::pair<BanRow, std::optional<std::int64_t>>> out;
    while (s.step()) {
        std::optional<std::int64_t> guest;
        if (!s.is_null(2)) guest = s.int64(2);
        out.emplace_back(BanRow{s.int64(0), s.int64(1)}, guest);
    }
    s.reset();
    return out;
}

}  // namespace pinfall::storage
