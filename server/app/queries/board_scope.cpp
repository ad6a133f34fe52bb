#include "server/app/queries/board_scope.hpp"

#include "server/app/core/error_codes.hpp"
#include "storage/leagues.hpp"
#include "storage/social.hpp"

namespace pinfall::server {

std::string scope_name(const protocol::BoardScope& s) {
    switch (s.kind) {
        case protocol::ScopeKind::kGlobal: return "";
        case protocol::ScopeKind::kFriends: return "friends";
        case protocol::ScopeKind::kLeague: return "league:" + std::to_string(s.league);
    }
    return "";
}

const char* scope_members(storage::Store& st, const protocol::BoardScope& scope,
                          std::optional<storage::PlayerId> me, bool public_view,
                          std::vector<std::int64_t>* out) {
    if (scope.kind == protocol::ScopeKind::kFriends) {
        *out = st.social().followees(*me);
        out->push_back(*me);
        return nullptr;
    }
    if (!st.leagues().by_id(scope.league)) return code::kUnknownLeague;
    bool member = false;
    for (const auto& m : st.leagues().members(scope.league)) {
        if (m.removed_from_round) continue;
        out->push_back(m.player);
        member = member || (me && m.player == *me);
    }
    return member || public_view ? nullptr : code::kNotMember;
}

std::string refusal_message(const char* refusal) {
    // scope_members returns the constants themselves, so their addresses tell them apart.
    return refusal == code::kUnknownLeague ? "no league with that id"
                                           : "a league's board is for its members";
}

}  // namespace pinfall::server
