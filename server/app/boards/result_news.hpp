// Daily results and renames committed on any node reach every node's leaderboards
// (docs/scaling.md; SCALE-OUT rule 5, Nakama's rank cache): the transaction that stores a
// finished daily attempt also announces it (Store::announce, NOTIFY on PostgreSQL), and each
// node's ClusterLink hands the notice to its Leaderboards. A node hears its own notices too;
// Leaderboards ignores a second line of a player on a day, so that is harmless.
//
// The payload is one line of tab-separated fields (names never hold a tab, see player_names):
//   result: node, day, game, player, score, strikes, spares, finished_at, name
//   rename: node, player, name
// The encoding is pure; announce_result runs on the storage thread, listen_for_results once
// before the link starts.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "server/app/boards/daily_board.hpp"
#include "storage/records.hpp"
#include "storage/status.hpp"

namespace pinfall::storage {
class Store;
}

namespace pinfall::server {

inline constexpr const char* kResultChannel = "pinfall_result";
inline constexpr const char* kRenameChannel = "pinfall_rename";

struct ResultNotice {
    std::string node;
    std::string day;
    BoardLine line;
};

struct RenameNotice {
    std::string node;
    std::int64_t player = 0;
    std::string name;
};

std::string encode_result(const ResultNotice& n);
std::string encode_rename(const RenameNotice& n);
// nullopt for a payload that is not one (wrong field count, a number that does not parse).
std::optional<ResultNotice> decode_result(std::string_view payload);
std::optional<RenameNotice> decode_rename(std::string_view payload);

class ClusterLink;
class Leaderboards;

// Inside the transaction that stores a finished game: announces it when it is a daily attempt.
storage::Status announce_result(storage::Store& s, const std::string& node,
                                const storage::GameRow& row, const std::string& player_name);
// Adds every announced result and rename to `boards` (before link.start()).
void listen_for_results(ClusterLink& link, Leaderboards& boards);

}  // namespace pinfall::server
