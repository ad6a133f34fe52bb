// Stored lanes (real-lane score sheets): a lane row, its sides, members and reports. Kept in a
// class of its own beside Store, on the same Database and thread (the storage worker).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "storage/records.hpp"
#include "storage/database.hpp"

namespace pinfall::storage {

struct LaneMemberRow {
    int side = 0;
    std::optional<std::int64_t> guest;
    std::optional<PlayerId> player;
    std::string name;
};

struct LaneReportRow {
    int side = 0;
    int pins = 0;
    bool foul = false;
};

struct LaneRow {
    std::int64_t id = 0;
    std::string code;
    std::string ruleset;  // engine lane ruleset name
    bool teams = false;
    std::optional<std::int64_t> owner_guest;
    std::optional<PlayerId> owner_player;
    Millis created_at = 0;
    std::optional<Millis> finished_at;
    std::uint64_t version = 0;       // changes so far (reports, undos, joins)
    std::vector<std::string> sides;  // names, by index
    std::vector<std::optional<int>> scores;  // final score per side once finished
    std::vector<LaneMemberRow> members;
    std::vector<LaneReportRow> reports;
};

// A finished lane game as a player's profile lists it.
struct PlayedLane {
    std::string code;
    std::string ruleset;
    std::string side;
    int score = 0;
    Millis finished_at = 0;
};

class LaneStore {
   public:
    // Prepares its statements on db (schema version 3 or later). Sets *status on failure.
    LaneStore(Database& db, Status* status);

    // Inserts the lane with its sides (row.members and row.reports ignored); sets row.id.
    // conflict when the code is taken (without failing the transaction, so the caller may try
    // another code in it).
    Status create(LaneRow& row);
    Status add_member(std::int64_t lane, const LaneMemberRow& m);
    // Appends report number index; conflict if it exists.
    Status append_report(std::int64_t lane, int index, const LaneReportRow& r);
    // Removes report number index (the owner's undo); not_found when it is not the last.
    Status remove_report(std::int64_t lane, int index);
    Status finish(std::int64_t lane, const std::vector<int>& scores, Millis at);
    Status set_version(std::int64_t lane, std::uint64_t version);
    // Moves the lane from version `from` to from + 1, locking its row until the transaction
    // ends (so a change made through another node waits for this one, then finds the version
    // moved). conflict when the stored version is not `from`: someone else changed the lane.
    // Run it first in a change's transaction.
    Status advance(std::int64_t lane, std::uint64_t from);
    // The lane with that code, whole. On PostgreSQL it share-locks the lane's row first: inside
    // a transaction no change to the lane (each takes the row's lock, advance()) commits
    // between the statements that read its version, members and reports, so they are one
    // state. Call it inside a transaction (a storage write job) for that.
    std::optional<LaneRow> by_code(const std::string& code);
    std::vector<PlayedLane> lanes_of(PlayerId player);

   private:
    Database& db_;
    Statement create_, add_side_, add_member_, append_, remove_, last_index_, finish_, side_score_,
        set_version_, advance_, by_code_, sides_, members_, reports_, lanes_of_;
};

}  // namespace pinfall::storage
