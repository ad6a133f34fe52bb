// A case as moderators read it (docs/protocol.md "Moderation"): a result's storage row with
// its evidence, the player's week, the linked identities and the thresholds, and the case's
// place in the queue. Read in one storage job (read_case), shaped for the protocol (view_of).
//
// Priority (docs/integrity.md "The queue"): how far the evidence passes its thresholds, the
// larger of the game's LLR over its threshold and the week's LLR over its threshold, plus half
// a point a report (at most four count): evidence first, reports raise a case, never flag one.
//
// Thread-safety: pure functions, except read_case, which REQUIRES the storage thread.
#pragma once

#include <map>
#include <optional>
#include <vector>

#include "protocol/moderation.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

struct CaseRead {
    storage::CaseRow row;
    std::vector<storage::Evidence> week;  // the player's last seven analysed games, newest first
    std::vector<storage::LinkedIdentity> linked;
    std::map<storage::PlayerId, std::string> names;  // of decided_by
};

// Everything a case view needs about the row's game (row given); the linked identities only
// when `linked` (a queue reads them for its page only).
CaseRead read_case(storage::Store& s, storage::CaseRow row, bool linked = true);
double case_priority(const CaseRead& c);
protocol::CaseView view_of(const CaseRead& c);

}  // namespace pinfall::server
