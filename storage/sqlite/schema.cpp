// SQLite schema migrations, by PRAGMA user_version: migration i takes the database from version
// i to i + 1 inside one transaction. Never edit a released migration; append a new one, and
// the same version to storage/postgres/schema.cpp.
#include <array>

#include "storage/migrations.hpp"

namespace pinfall::storage {
namespace {

constexpr std::array kMigrations = {
    R"sql(
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    token_hash BLOB NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    player_id INTEGER REFERENCES players(id),
    mode TEXT NOT NULL CHECK (mode IN ('practice', 'daily', 'league')),
    ruleset TEXT NOT NULL,
    seed BLOB NOT NULL CHECK (length(seed) = 32),
    day TEXT,
    started_at INTEGER NOT NULL,
    finished_at INTEGER,
    score INTEGER NOT NULL DEFAULT 0,
    strikes INTEGER NOT NULL DEFAULT 0,
    spares INTEGER NOT NULL DEFAULT 0,
    resigned INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX games_one_daily ON games(player_id, day) WHERE mode = 'daily';
CREATE INDEX games_daily_results ON games(day) WHERE mode = 'daily' AND finished_at IS NOT NULL;
CREATE INDEX games_unfinished ON games(mode) WHERE finished_at IS NULL;
CREATE INDEX games_by_player ON games(player_id, finished_at);
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    idx INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;
CREATE TABLE revealed_days (
    day TEXT PRIMARY KEY,
    revealed_at INTEGER NOT NULL
) WITHOUT ROWID;
)sql",
    // 2: guests survive restarts, and so does the ownership of their games.
    R"sql(
CREATE TABLE guests (
    id INTEGER PRIMARY KEY,
    token_hash BLOB NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
);
ALTER TABLE games ADD COLUMN guest_id INTEGER REFERENCES guests(id);
)sql",
    // 3: real lanes: a lane, its sides, who joined which side, and every report in order.
    R"sql(
CREATE TABLE lanes (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    ruleset TEXT NOT NULL,
    teams INTEGER NOT NULL,
    owner_guest INTEGER REFERENCES guests(id),
    owner_player INTEGER REFERENCES players(id),
    created_at INTEGER NOT NULL,
    finished_at INTEGER,
    version INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX lanes_open ON lanes(finished_at) WHERE finished_at IS NULL;
CREATE TABLE lane_sides (
    lane_id INTEGER NOT NULL REFERENCES lanes(id),
    idx INTEGER NOT NULL,
    name TEXT NOT NULL,
    score INTEGER,
    PRIMARY KEY (lane_id, idx)
) WITHOUT ROWID;
CREATE TABLE lane_members (
    lane_id INTEGER NOT NULL REFERENCES lanes(id),
    side INTEGER NOT NULL,
    guest_id INTEGER REFERENCES guests(id),
    player_id INTEGER REFERENCES players(id),
    name TEXT NOT NULL
);
CREATE INDEX lane_members_player ON lane_members(player_id);
CREATE TABLE lane_reports (
    lane_id INTEGER NOT NULL REFERENCES lanes(id),
    idx INTEGER NOT NULL,
    side INTEGER NOT NULL,
    pins INTEGER NOT NULL,
    foul INTEGER NOT NULL,
    PRIMARY KEY (lane_id, idx)
) WITHOUT ROWID;
)sql",
    // 4: leagues: the league, its members (seat = place in the schedule), closed rounds with
    // the daily averages taken for them, the secretary's log, and league games.
    R"sql(
CREATE TABLE leagues (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    secretary INTEGER NOT NULL REFERENCES players(id),
    ruleset TEXT NOT NULL,
    rounds INTEGER NOT NULL,
    games_per_round INTEGER NOT NULL,
    round_days INTEGER NOT NULL,
    start_date TEXT NOT NULL,
    handicap INTEGER NOT NULL,
    handicap_percent INTEGER NOT NULL,
    handicap_basis INTEGER NOT NULL,
    entering_average INTEGER NOT NULL,
    vacancy_score INTEGER,
    invite_code TEXT NOT NULL UNIQUE,
    joining_open INTEGER NOT NULL DEFAULT 1,
    started_at INTEGER,
    ended_at INTEGER,
    created_at INTEGER NOT NULL
);
CREATE TABLE league_members (
    league_id INTEGER NOT NULL REFERENCES leagues(id),
    player_id INTEGER NOT NULL REFERENCES players(id),
    seat INTEGER NOT NULL,
    removed_from_round INTEGER,
    PRIMARY KEY (league_id, player_id)
) WITHOUT ROWID;
CREATE TABLE league_rounds (
    league_id INTEGER NOT NULL REFERENCES leagues(id),
    round INTEGER NOT NULL,
    closed_at INTEGER NOT NULL,
    early INTEGER NOT NULL,
    PRIMARY KEY (league_id, round)
) WITHOUT ROWID;
CREATE TABLE league_daily_averages (
    league_id INTEGER NOT NULL,
    round INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    average INTEGER NOT NULL,
    PRIMARY KEY (league_id, round, player_id)
) WITHOUT ROWID;
CREATE TABLE league_log (
    id INTEGER PRIMARY KEY,
    league_id INTEGER NOT NULL REFERENCES leagues(id),
    player_id INTEGER NOT NULL REFERENCES players(id),
    action TEXT NOT NULL,
    detail TEXT NOT NULL,
    at INTEGER NOT NULL
);
ALTER TABLE games ADD COLUMN league_id INTEGER REFERENCES leagues(id);
ALTER TABLE games ADD COLUMN league_round INTEGER;
ALTER TABLE games ADD COLUMN league_game INTEGER;
CREATE UNIQUE INDEX games_one_league_game ON games(player_id, league_id, league_round, league_game)
    WHERE mode = 'league';
)sql",
    // 5: a game stored whole at its end keeps its actions as one text (record notation tokens)
    // instead of a row per action: practice games are written once, when they finish.
    R"sql(
ALTER TABLE games ADD COLUMN record TEXT;
)sql",
    // 6: game ids are reserved durably in blocks before they are handed out (an id told to a
    // player is never reused, even when its game's row was lost to a crash); a returning
    // guest's unfinished games are found by guest; guests that own nothing can be expired.
    R"sql(
CREATE TABLE counters (
    name TEXT PRIMARY KEY,
    value INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX games_by_guest ON games(guest_id) WHERE guest_id IS NOT NULL;
CREATE INDEX lanes_by_owner_guest ON lanes(owner_guest) WHERE owner_guest IS NOT NULL;
CREATE INDEX lane_members_by_guest ON lane_members(guest_id) WHERE guest_id IS NOT NULL;
)sql",
    // 7: par (docs/rules.md "Par and the coach") stored with every finished game, computed
    // off the hot path: practice games when they finish, ranked games at their reveal; a
    // revealed day keeps its par and best line (a record).
    R"sql(
ALTER TABLE games ADD COLUMN par INTEGER CHECK (par BETWEEN 0 AND 300);
ALTER TABLE revealed_days ADD COLUMN par INTEGER CHECK (par BETWEEN 0 AND 300);
ALTER TABLE revealed_days ADD COLUMN par_line TEXT;
)sql",
    // 8: accounts with a password (issue 18): the argon2id string of libsodium's
    // crypto_pwhash_str (never the password), and the extra tokens a password login hands out
    // (players.token_hash stays the account's own token; rotation replaces it and deletes these).
    R"sql(
ALTER TABLE players ADD COLUMN password_hash TEXT;
CREATE TABLE player_tokens (
    token_hash BLOB PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players(id),
    created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX player_tokens_by_player ON player_tokens(player_id);
)sql",
    // 9: guests play the daily (issue 17): a guest's ranked identity is a player row linked to
    // the guest; claimed_at is set when the guest registers and the player becomes its account.
    // No foreign key on guest_id: the guest owns the identity's daily games, so it never expires.
    R"sql(
CREATE TABLE guest_players (
    guest_id INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL UNIQUE REFERENCES players(id),
    claimed_at INTEGER
);
)sql",
    // 10: moderators (issue 27) and the audit log of their actions and the operator's. The log
    // is append-only: the database itself refuses to change or delete a row of it.
    R"sql(
CREATE TABLE moderators (
    player_id INTEGER PRIMARY KEY REFERENCES players(id),
    granted_at INTEGER NOT NULL
);
CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    moderator_id INTEGER REFERENCES players(id),
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    note TEXT NOT NULL
);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
)sql",
    // 11: the board's integrity (issue 27, docs/integrity.md): each ranked result's review
    // state and where its game was started from (opaque keyed hashes of the address and the
    // browser, for linked identities), bans, the evidence of each analysed ranked game, the case
    // of each result put under review, and players' reports. games_by_league is PostgreSQL's
    // index of migration 4, which SQLite lacked (same-deal lookups of league games).
    R"sql(
ALTER TABLE games ADD COLUMN review TEXT NOT NULL DEFAULT 'clean'
    CHECK (review IN ('clean', 'review', 'cleared', 'disqualified'));
ALTER TABLE games ADD COLUMN origin_address TEXT;
ALTER TABLE games ADD COLUMN origin_browser TEXT;
CREATE INDEX games_daily_by_address ON games(day, origin_address)
    WHERE mode = 'daily' AND origin_address IS NOT NULL;
CREATE INDEX games_daily_by_browser ON games(day, origin_browser)
    WHERE mode = 'daily' AND origin_browser IS NOT NULL;
CREATE INDEX games_by_league ON games(league_id, league_round) WHERE mode = 'league';
CREATE INDEX games_under_review ON games(id) WHERE review = 'review';
ALTER TABLE players ADD COLUMN banned_at INTEGER;
CREATE TABLE integrity_evidence (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    player_id INTEGER NOT NULL REFERENCES players(id),
    ruleset TEXT NOT NULL,
    finished_at INTEGER NOT NULL,
    analysed_at INTEGER NOT NULL,
    llr REAL NOT NULL,
    week_llr REAL NOT NULL,
    guard_sum REAL NOT NULL,
    guard_var REAL NOT NULL,
    deciding INTEGER NOT NULL,
    decisions INTEGER NOT NULL,
    tau REAL NOT NULL,
    z REAL NOT NULL,
    flagged INTEGER NOT NULL,
    drivers TEXT NOT NULL
);
CREATE INDEX integrity_evidence_by_player ON integrity_evidence(player_id, ruleset, finished_at);
CREATE TABLE review_cases (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    reason TEXT NOT NULL,
    opened_at INTEGER NOT NULL,
    decided_at INTEGER,
    decided_by INTEGER REFERENCES players(id),
    note TEXT NOT NULL DEFAULT ''
);
CREATE TABLE reports (
    game_id INTEGER NOT NULL REFERENCES games(id),
    reporter_id INTEGER NOT NULL REFERENCES players(id),
    at INTEGER NOT NULL,
    reason TEXT NOT NULL,
    PRIMARY KEY (game_id, reporter_id)
) WITHOUT ROWID;
CREATE INDEX reports_by_reporter ON reports(reporter_id, at);
)sql",
    // 12: arenas (issue 28, docs/rules.md "Arenas"): the arena, its members, and its games as
    // rows of games with mode 'arena' (the arena, the player's game number n, berserk, the
    // points). games.mode's CHECK of migration 1 cannot be altered in SQLite, so games is
    // rebuilt (docs/storage.md "Schema 12"): its rows are kept in games_v11, games is dropped
    // and created again with every column of migrations 1-11 and the new ones, the rows go back
    // with their ids, and every index of migrations 1-11 is made again (games has no trigger).
    // foreign_keys is on and cannot be turned off inside the migration's transaction: with
    // defer_foreign_keys, the drop counts each row of actions, integrity_evidence,
    // review_cases and reports as a violation until the COMMIT, and each row inserted into the
    // new games takes back those of its id. (Creating games_new and renaming it would leave
    // them counted: a rename inserts no row, and the COMMIT would fail.)
    R"sql(
PRAGMA defer_foreign_keys = ON;
CREATE TABLE arenas (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    starts_at INTEGER NOT NULL,
    ends_at INTEGER NOT NULL,
    clock_ms INTEGER CHECK (clock_ms > 0),
    entry TEXT NOT NULL CHECK (entry IN ('open', 'registered', 'league')),
    league_id INTEGER REFERENCES leagues(id),
    created_by INTEGER REFERENCES players(id),
    schedule_slot TEXT UNIQUE,
    created_at INTEGER NOT NULL,
    ended_at INTEGER,
    CHECK (ends_at > starts_at),
    CHECK ((entry = 'league') = (league_id IS NOT NULL))
);
CREATE INDEX arenas_by_start ON arenas(starts_at, id);
CREATE INDEX arenas_to_end ON arenas(ends_at) WHERE ended_at IS NULL;
CREATE INDEX arenas_by_end ON arenas(ends_at, id);
CREATE INDEX arenas_by_creator ON arenas(created_by, created_at) WHERE created_by IS NOT NULL;
CREATE TABLE arena_members (
    arena_id INTEGER NOT NULL REFERENCES arenas(id),
    player_id INTEGER NOT NULL REFERENCES players(id),
    joined_at INTEGER NOT NULL,
    left_at INTEGER,
    PRIMARY KEY (arena_id, player_id)
) WITHOUT ROWID;
CREATE TABLE games_v11 AS SELECT * FROM games;
DROP TABLE games;
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    player_id INTEGER REFERENCES players(id),
    mode TEXT NOT NULL CHECK (mode IN ('practice', 'daily', 'league', 'arena')),
    ruleset TEXT NOT NULL,
    seed BLOB NOT NULL CHECK (length(seed) = 32),
    day TEXT,
    started_at INTEGER NOT NULL,
    finished_at INTEGER,
    score INTEGER NOT NULL DEFAULT 0,
    strikes INTEGER NOT NULL DEFAULT 0,
    spares INTEGER NOT NULL DEFAULT 0,
    resigned INTEGER NOT NULL DEFAULT 0,
    guest_id INTEGER REFERENCES guests(id),
    league_id INTEGER REFERENCES leagues(id),
    league_round INTEGER,
    league_game INTEGER,
    record TEXT,
    par INTEGER CHECK (par BETWEEN 0 AND 300),
    review TEXT NOT NULL DEFAULT 'clean'
        CHECK (review IN ('clean', 'review', 'cleared', 'disqualified')),
    origin_address TEXT,
    origin_browser TEXT,
    arena_id INTEGER REFERENCES arenas(id),
    arena_n INTEGER CHECK (arena_n >= 1),
    arena_berserk INTEGER NOT NULL DEFAULT 0 CHECK (arena_berserk IN (0, 1)),
    arena_points INTEGER CHECK (arena_points >= 0),
    CHECK ((mode = 'arena') = (arena_id IS NOT NULL AND arena_n IS NOT NULL))
);
INSERT INTO games (id, player_id, mode, ruleset, seed, day, started_at, finished_at, score,
    strikes, spares, resigned, guest_id, league_id, league_round, league_game, record, par,
    review, origin_address, origin_browser)
SELECT id, player_id, mode, ruleset, seed, day, started_at, finished_at, score, strikes, spares,
    resigned, guest_id, league_id, league_round, league_game, record, par, review,
    origin_address, origin_browser FROM games_v11 ORDER BY id;
DROP TABLE games_v11;
CREATE UNIQUE INDEX games_one_daily ON games(player_id, day) WHERE mode = 'daily';
CREATE INDEX games_daily_results ON games(day) WHERE mode = 'daily' AND finished_at IS NOT NULL;
CREATE INDEX games_unfinished ON games(mode) WHERE finished_at IS NULL;
CREATE INDEX games_by_player ON games(player_id, finished_at);
CREATE UNIQUE INDEX games_one_league_game ON games(player_id, league_id, league_round, league_game)
    WHERE mode = 'league';
CREATE INDEX games_by_guest ON games(guest_id) WHERE guest_id IS NOT NULL;
CREATE INDEX games_daily_by_address ON games(day, origin_address)
    WHERE mode = 'daily' AND origin_address IS NOT NULL;
CREATE INDEX games_daily_by_browser ON games(day, origin_browser)
    WHERE mode = 'daily' AND origin_browser IS NOT NULL;
CREATE INDEX games_by_league ON games(league_id, league_round) WHERE mode = 'league';
CREATE INDEX games_under_review ON games(id) WHERE review = 'review';
CREATE UNIQUE INDEX games_one_arena_game ON games(arena_id, player_id, arena_n)
    WHERE mode = 'arena';
)sql",
    // 13: friends and the inbox (issue 29, storage/social.hpp, storage/inbox.hpp): follows
    // (one way; both ways make friends), blocks, each player's friend invite token, and stored
    // notices, written once per (player, key). AUTOINCREMENT: a notice's id is never used again
    // once expiry deleted it (clients page by id). notices_unread counts a player's unread
    // notices; notices_by_age serves expiry.
    R"sql(
CREATE TABLE follows (
    follower INTEGER NOT NULL REFERENCES players(id),
    followee INTEGER NOT NULL REFERENCES players(id),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (follower, followee),
    CHECK (follower <> followee)
) WITHOUT ROWID;
CREATE INDEX follows_by_followee ON follows(followee, created_at);
CREATE TABLE blocks (
    blocker INTEGER NOT NULL REFERENCES players(id),
    blocked INTEGER NOT NULL REFERENCES players(id),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (blocker, blocked),
    CHECK (blocker <> blocked)
) WITHOUT ROWID;
CREATE INDEX blocks_by_blocked ON blocks(blocked);
CREATE TABLE friend_invites (
    player INTEGER PRIMARY KEY REFERENCES players(id),
    token TEXT NOT NULL UNIQUE
);
CREATE TABLE notices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    player INTEGER NOT NULL REFERENCES players(id),
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    read_at INTEGER,
    UNIQUE (player, key)
);
CREATE INDEX notices_by_player ON notices(player, id);
CREATE INDEX notices_unread ON notices(player) WHERE read_at IS NULL;
CREATE INDEX notices_by_age ON notices(created_at);
)sql",
    // 14: settings and Web Push reminders (issue 30, storage/push.hpp): each player's time zone
    // and reminder choices; the devices (push subscriptions, one row per endpoint; AUTOINCREMENT
    // so that a claim never names a later device) with when the scheduler looks at each next;
    // one claim per device and local day, the row whose insert decides which node sends; the
    // VAPID key pair, one per database.
    R"sql(
CREATE TABLE player_settings (
    player INTEGER PRIMARY KEY REFERENCES players(id),
    time_zone TEXT NOT NULL,
    new_daily INTEGER NOT NULL CHECK (new_daily IN (0, 1)),
    streak_at_risk INTEGER NOT NULL CHECK (streak_at_risk IN (0, 1)),
    reminder_hour INTEGER NOT NULL CHECK (reminder_hour BETWEEN 0 AND 23)
);
CREATE TABLE push_subscriptions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    endpoint TEXT NOT NULL UNIQUE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    player INTEGER NOT NULL REFERENCES players(id),
    created_at INTEGER NOT NULL,
    due_at INTEGER NOT NULL,
    last_sent_day TEXT,
    gone_at INTEGER
);
CREATE INDEX push_subscriptions_by_player ON push_subscriptions(player);
CREATE INDEX push_subscriptions_due ON push_subscriptions(due_at) WHERE gone_at IS NULL;
CREATE TABLE push_claims (
    subscription INTEGER NOT NULL,
    day TEXT NOT NULL,
    node TEXT NOT NULL,
    claimed_at INTEGER NOT NULL,
    PRIMARY KEY (subscription, day)
) WITHOUT ROWID;
CREATE INDEX push_claims_by_age ON push_claims(claimed_at);
CREATE TABLE vapid_keys (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    private_key TEXT NOT NULL,
    public_key TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
)sql",
    // 15: the same games table with its two text CHECKs written as comparisons. SQLite checks
    // `x IN ('a', 'b', 'c')` of more than two values by building a temporary b-tree of the
    // list on every INSERT: two of them for each new game, some 7% of a practice action's
    // instructions (bench/instructions.sh: 26,170 before, 24,307 after). The constraints accept
    // and refuse exactly what they did. Rebuilt as migration 12 rebuilt it (the rows kept in games_v14 with their ids, every
    // index made again with the same text, defer_foreign_keys for the children).
    R"sql(
PRAGMA defer_foreign_keys = ON;
CREATE TABLE games_v14 AS SELECT * FROM games;
DROP TABLE games;
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    player_id INTEGER REFERENCES players(id),
    mode TEXT NOT NULL
        CHECK (mode = 'practice' OR mode = 'daily' OR mode = 'league' OR mode = 'arena'),
    ruleset TEXT NOT NULL,
    seed BLOB NOT NULL CHECK (length(seed) = 32),
    day TEXT,
    started_at INTEGER NOT NULL,
    finished_at INTEGER,
    score INTEGER NOT NULL DEFAULT 0,
    strikes INTEGER NOT NULL DEFAULT 0,
    spares INTEGER NOT NULL DEFAULT 0,
    resigned INTEGER NOT NULL DEFAULT 0,
    guest_id INTEGER REFERENCES guests(id),
    league_id INTEGER REFERENCES leagues(id),
    league_round INTEGER,
    league_game INTEGER,
    record TEXT,
    par INTEGER CHECK (par BETWEEN 0 AND 300),
    review TEXT NOT NULL DEFAULT 'clean'
        CHECK (review = 'clean' OR review = 'review' OR review = 'cleared'
            OR review = 'disqualified'),
    origin_address TEXT,
    origin_browser TEXT,
    arena_id INTEGER REFERENCES arenas(id),
    arena_n INTEGER CHECK (arena_n >= 1),
    arena_berserk INTEGER NOT NULL DEFAULT 0 CHECK (arena_berserk IN (0, 1)),
    arena_points INTEGER CHECK (arena_points >= 0),
    CHECK ((mode = 'arena') = (arena_id IS NOT NULL AND arena_n IS NOT NULL))
);
INSERT INTO games (id, player_id, mode, ruleset, seed, day, started_at, finished_at, score,
    strikes, spares, resigned, guest_id, league_id, league_round, league_game, record, par,
    review, origin_address, origin_browser, arena_id, arena_n, arena_berserk, arena_points)
SELECT id, player_id, mode, ruleset, seed, day, started_at, finished_at, score, strikes, spares,
    resigned, guest_id, league_id, league_round, league_game, record, par, review,
    origin_address, origin_browser, arena_id, arena_n, arena_berserk, arena_points
FROM games_v14 ORDER BY id;
DROP TABLE games_v14;
CREATE UNIQUE INDEX games_one_daily ON games(player_id, day) WHERE mode = 'daily';
CREATE INDEX games_daily_results ON games(day) WHERE mode = 'daily' AND finished_at IS NOT NULL;
CREATE INDEX games_unfinished ON games(mode) WHERE finished_at IS NULL;
CREATE INDEX games_by_player ON games(player_id, finished_at);
CREATE UNIQUE INDEX games_one_league_game ON games(player_id, league_id, league_round, league_game)
    WHERE mode = 'league';
CREATE INDEX games_by_guest ON games(guest_id) WHERE guest_id IS NOT NULL;
CREATE INDEX games_daily_by_address ON games(day, origin_address)
    WHERE mode = 'daily' AND origin_address IS NOT NULL;
CREATE INDEX games_daily_by_browser ON games(day, origin_browser)
    WHERE mode = 'daily' AND origin_browser IS NOT NULL;
CREATE INDEX games_by_league ON games(league_id, league_round) WHERE mode = 'league';
CREATE INDEX games_under_review ON games(id) WHERE review = 'review';
CREATE UNIQUE INDEX games_one_arena_game ON games(arena_id, player_id, arena_n)
    WHERE mode = 'arena';
)sql",
};

}  // namespace

std::span<const char* const> sqlite_migrations() { return kMigrations; }

}  // namespace pinfall::storage
