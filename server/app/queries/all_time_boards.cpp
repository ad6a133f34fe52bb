// Queries: the all-time boards (best_game, best_average), ranked from storage rows on each
// request. Paging, "me" and "around" work as on the daily board (Leaderboards::daily_now).
#include <algorithm>
#include <memory>
#include <unordered_set>

#include "server/app/boards/cursor.hpp"
#include "server/app/core/calendar.hpp"
#include "server/app/queries/queries.hpp"

namespace pinfall::server {

namespace {

// Fills page.entries, page.me and page.next_cursor from rows sorted best first; entry(i) makes
// row i's line. With `around` (and the player on the board) the page is centred on the player.
template <class Row, class Entry>
void fill_page(protocol::LeaderboardPage& page, const std::vector<Row>& rows, Entry entry,
               const protocol::LeaderboardRequest& req, std::optional<storage::PlayerId> me,
               std::uint64_t offset, const std::string& secret) {
    std::optional<std::size_t> mine;
    for (std::size_t i = 0; me && i < rows.size(); ++i) {
        if (rows[i].player == *me) mine = i;
    }
    if (mine) page.me = entry(*mine);
    const auto limit = static_cast<std::size_t>(req.limit);
    if (req.around && mine) offset = *mine > limit / 2 ? *mine - limit / 2 : 0;
    for (std::size_t i = offset; i < rows.size() && page.entries.size() < limit; ++i) {
        page.entries.push_back(entry(i));
    }
    if (offset + page.entries.size() < rows.size()) {
        // A scope's cursor is its own (the key Queries::leaderboard reads it with).
        const CursorKey key{page.board + (page.scope ? "@" + *page.scope : ""), ""};
        page.next_cursor = make_cursor(secret, key, offset + page.entries.size());
    }
}

// Keeps the rows of the scope's players (all of them when members is null).
template <class Row>
void keep_members(std::vector<Row>& rows, const std::vector<std::int64_t>* members) {
    if (!members) return;
    const std::unordered_set<std::int64_t> in(members->begin(), members->end());
    std::erase_if(rows, [&](const Row& r) { return !in.count(r.player); });
}

}  // namespace

void Queries::best_game(protocol::Re re, const protocol::LeaderboardRequest& req,
                        std::optional<storage::PlayerId> me, std::uint64_t offset,
                        Members members, std::optional<std::string> scope, ReplyFn done) {
    auto rows = std::make_shared<std::vector<storage::DailyResult>>();
    s_.storage.read(
        [rows](storage::Store& st) {
            *rows = st.best_ranked_games();
            return storage::Status::ok();
        },
        [this, rows, re, req, me, offset, members, scope, done](const storage::Status&) {
            keep_members(*rows, members.get());
            std::sort(rows->begin(), rows->end(), [](const auto& a, const auto& b) {
                return a.score != b.score ? a.score > b.score
                       : a.finished_at != b.finished_at ? a.finished_at < b.finished_at
                                                        : a.game < b.game;
            });
            const auto ranks = shared_ranks(*rows, [](const auto& r) { return r.score; });
            protocol::LeaderboardPage page{"best_game", std::nullopt, "sackson", rows->size(),
                                           {}, std::nullopt, std::nullopt, std::nullopt, scope};
            auto entry = [&](std::size_t i) {
                const auto& r = (*rows)[i];
                return protocol::BoardEntry{ranks[i], {r.player, r.name}, r.score, r.strikes,
                                            r.spares, 0, format_rfc3339_ms(r.finished_at), r.game,
                                            std::nullopt};
            };
            fill_page(page, *rows, entry, req, me, offset, s_.secret);
            done(Reply{protocol::encode_leaderboard(re, page), ""});
        });
}

void Queries::best_average(protocol::Re re, const protocol::LeaderboardRequest& req,
                           std::optional<storage::PlayerId> me, std::uint64_t offset,
                           Members members, std::optional<std::string> scope, ReplyFn done) {
    constexpr int kMinGames = 10;
    const auto since = unix_ms(s_.clock.now() - std::chrono::hours(24 * 30));
    auto rows = std::make_shared<std::vector<storage::PlayerTotals>>();
    s_.storage.read(
        [rows, since](storage::Store& st) {
            *rows = st.ranked_totals_since(since, kMinGames);
            return storage::Status::ok();
        },
        [this, rows, re, req, me, offset, members, scope, done](const storage::Status&) {
            keep_members(*rows, members.get());
            auto avg = [](const storage::PlayerTotals& t) {
                return static_cast<int>(t.pins / t.games);
            };
            std::sort(rows->begin(), rows->end(), [&](const auto& a, const auto& b) {
                return avg(a) != avg(b) ? avg(a) > avg(b)
                       : a.games != b.games ? a.games > b.games
                                            : a.player < b.player;
            });
            const auto ranks = shared_ranks(*rows, avg);
            protocol::LeaderboardPage page{"best_average", std::nullopt, "sackson",
                                           rows->size(), {}, std::nullopt, std::nullopt,
                                           std::nullopt, scope};
            auto entry = [&](std::size_t i) {
                const auto& r = (*rows)[i];
                return protocol::BoardEntry{ranks[i], {r.player, r.name}, avg(r), 0, 0, r.games,
                                            "", 0, std::nullopt};
            };
            fill_page(page, *rows, entry, req, me, offset, s_.secret);
            done(Reply{protocol::encode_leaderboard(re, page), ""});
        });
}

}  // namespace pinfall::server
