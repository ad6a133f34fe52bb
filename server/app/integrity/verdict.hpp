// What a game's evidence does, in the transaction that stores it (docs/integrity.md "On the
// server"): the evidence is stored; when the game alone passes its thresholds its result goes
// under review (reason "statistic"); when the player's last seven analysed games of the ruleset
// pass the week's thresholds, every clean result among them goes under review (reason "week").
// A game with evidence already (another node analysed it first) changes nothing: that verdict
// stands.
//
// Thread-safety: REQUIRES the storage thread, inside a transaction.
#pragma once

#include <vector>

#include "engine/integrity.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

// The week's verdict over stored evidence rows (the player's last seven, newest first).
engine::WeekVerdict week_verdict_of(engine::Ruleset ruleset,
                                    const std::vector<storage::Evidence>& week);

// *changed is set when a result went under review (the boards must follow); each game whose
// result went under review is appended to *opened when it is given (its player is told).
storage::Status store_verdict(storage::Store& s, const storage::Evidence& e, storage::Millis now,
                              bool* changed, std::vector<storage::GameRowId>* opened = nullptr);

}  // namespace pinfall::server
