#include "server/app/front/http_api.hpp"

#include <charconv>
#include <map>
#include <optional>

#include "server/app/leagues/league_service.hpp"
#include "server/app/queries/queries.hpp"

namespace pinfall::server {
namespace {

std::vector<std::string_view> split_path(std::string_view path) {
    std::vector<std::string_view> parts;
    while (!path.empty()) {
        const auto slash = path.find('/');
        if (slash != 0) parts.push_back(path.substr(0, slash));
        if (slash == std::string_view::npos) break;
        path.remove_prefix(slash + 1);
    }
    return parts;
}

std::map<std::string, std::string> parse_query(std::string_view q) {
    std::map<std::string, std::string> out;
    while (!q.empty()) {
        const auto amp = q.find('&');
        const auto pair = q.substr(0, amp);
        const auto eq = pair.find('=');
        if (eq != std::string_view::npos) {
            out[std::string(pair.substr(0, eq))] = std::string(pair.substr(eq + 1));
        }
        if (amp == std::string_view::npos) break;
        q.remove_prefix(amp + 1);
    }
    return out;
}

std::optional<std::int64_t> parse_id(std::string_view s) {
    std::int64_t v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || v < 1) return std::nullopt;
    return v;
}

int status_for(const std::string& code) {
    if (code.empty()) return 200;
    if (code.rfind("unknown_", 0) == 0) return 404;
    if (code == "storage_error") return 500;
    return 400;
}

}  // namespace

bool handle_api(Queries& queries, LeagueService& leagues, std::string_view target,
                std::function<void(ApiResponse)> done) {
    const auto qmark = target.find('?');
    const std::string_view path = target.substr(0, qmark);
    if (path.rfind("/api/", 0) != 0) return false;
    const auto query =
        parse_query(qmark == std::string_view::npos ? "" : target.substr(qmark + 1));
    const auto parts = split_path(path.substr(5));
    auto reply = [done](Reply r) { done(ApiResponse{status_for(r.error_code), std::move(r.text)}); };
    auto fail = [&](const std::string& code, const std::string& message) {
        reply(queries.error(std::nullopt, code, message));
        return true;
    };
    if (parts.size() == 1 && parts[0] == "daily") {
        queries.daily_info(std::nullopt, std::nullopt, reply);
        return true;
    }
    if (parts.size() >= 2 && parts[0] == "leaderboard") {
        protocol::LeaderboardRequest req;
        if (parts[1] == "daily" && parts.size() == 3) {
            req.board = protocol::Board::kDaily;
            req.date = std::string(parts[2]);
        } else if (parts[1] == "best_game" && parts.size() == 2) {
            req.board = protocol::Board::kBestGame;
        } else if (parts[1] == "best_average" && parts.size() == 2) {
            req.board = protocol::Board::kBestAverage;
        } else {
            return fail("unknown_route", "no such leaderboard");
        }
        if (const auto it = query.find("limit"); it != query.end()) {
            const auto limit = parse_id(it->second);
            if (!limit || *limit > protocol::kMaxLeaderboardLimit) {
                return fail("bad_request", "limit must be between 1 and 100");
            }
            req.limit = static_cast<int>(*limit);
        }
        if (const auto it = query.find("cursor"); it != query.end()) req.cursor = it->second;
        if (const auto it = query.find("scope"); it != query.end()) {
            // A friends board is the asker's own: no HTTP twin (docs/protocol.md).
            const auto scope = protocol::parse_board_scope(it->second);
            if (!scope || scope->kind == protocol::ScopeKind::kFriends) {
                return fail("bad_request", "scope over HTTP is \"global\" or \"league:<id>\"");
            }
            req.scope = *scope;
        }
        queries.leaderboard(std::nullopt, req, std::nullopt, reply, true);
        return true;
    }
    if (parts.size() == 2 && parts[0] == "players") {
        const auto id = parse_id(parts[1]);
        if (!id) return fail("bad_request", "player ids are positive integers");
        queries.profile(std::nullopt, *id, std::nullopt, reply);
        return true;
    }
    if ((parts.size() == 2 || (parts.size() == 3 && parts[2] == "verify")) &&
        parts[0] == "games") {
        const auto id = parse_id(parts[1]);
        if (!id) return fail("bad_request", "game ids are positive integers");
        if (parts.size() == 3) {
            queries.verify(std::nullopt, *id, reply);
        } else {
            queries.stored_game(std::nullopt, *id, reply);
        }
        return true;
    }
    if (parts.size() >= 2 && parts[0] == "leagues") {
        const auto id = parse_id(parts[1]);
        if (!id) return fail("bad_request", "league ids are positive integers");
        protocol::LeagueGet get;
        get.league = *id;
        if (parts.size() == 3 && parts[2] == "standings") {
            get.view = protocol::LeagueView::kStandings;
        } else if (parts.size() == 4 && parts[2] == "rounds") {
            const auto round = parse_id(parts[3]);
            if (!round || *round > 100) return fail("bad_request", "rounds are numbered from 1");
            get.view = protocol::LeagueView::kRound;
            get.round = static_cast<int>(*round);
        } else if (parts.size() != 2) {
            return fail("unknown_route", "no such API route");
        }
        leagues.get(std::nullopt, std::nullopt, get, reply);
        return true;
    }
    return fail("unknown_route", "no such API route");
}

}  // namespace pinfall::server
