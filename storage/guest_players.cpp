#include "storage/guest_players.hpp"

namespace pinfall::storage {

namespace {

// True when some player other than `except` has name_key. Checked before writing, so a taken
// name is a clean conflict: on PostgreSQL a refused INSERT would spoil the whole transaction.
bool name_key_taken(Store& store, const std::string& name_key, PlayerId except, Status* st) {
    Statement s = store.db().prepare("SELECT id FROM players WHERE name_key = ? AND id <> ?", st);
    if (!st->is_ok()) return true;
    s.bind(1, name_key).bind(2, except);
    const bool taken = s.step();
    if (!s.status().is_ok()) *st = s.status();
    s.reset();
    return taken;
}

Status link(Store& store, std::int64_t guest, PlayerId player, std::optional<Millis> claimed_at) {
    Status st;
    Statement s = store.db().prepare(
        "INSERT INTO guest_players (guest_id, player_id, claimed_at) VALUES (?, ?, ?)", &st);
    if (!st.is_ok()) return st;
    s.bind(1, guest).bind(2, player).bind(3, claimed_at);
    return s.run();
}

}  // namespace

std::optional<GuestPlayer> guest_player(Store& store, std::int64_t guest, Status* status) {
    Statement s = store.db().prepare(
        "SELECT p.id, p.name, p.created_at, g.claimed_at FROM guest_players g "
        "JOIN players p ON p.id = g.player_id WHERE g.guest_id = ?",
        status);
    if (!status->is_ok()) return std::nullopt;
    s.bind(1, guest);
    std::optional<GuestPlayer> out;
    if (s.step()) out = GuestPlayer{PlayerRow{s.int64(0), s.text(1), s.int64(2)}, !s.is_null(3)};
    if (!s.status().is_ok()) *status = s.status();
    s.reset();
    return out;
}

Status ensure_guest_player(Store& store, std::int64_t guest, const std::vector<std::string>& names,
                           const std::string& token_hash, Millis now, GuestPlayer* out) {
    Status st;
    if (auto found = guest_player(store, guest, &st)) {
        if (found->claimed) return Status::conflict("this guest registered: log in");
        *out = std::move(*found);
        return st;
    }
    if (!st.is_ok()) return st;
    for (const auto& name : names) {
        if (name_key_taken(store, name, 0, &st)) {
            if (!st.is_ok()) return st;
            continue;
        }
        PlayerId id = 0;
        st = store.create_player(name, name, token_hash, now, &id);
        if (st.is_ok()) st = link(store, guest, id, std::nullopt);
        if (st.is_ok()) *out = GuestPlayer{PlayerRow{id, name, now}, false};
        return st;
    }
    return Status::conflict("no free guest name");
}

Status register_from_guest(Store& store, std::int64_t guest, const std::string& name,
                           const std::string& name_key, const std::string& token_hash, Millis now,
                           PlayerId* id) {
    Status st;
    const auto found = guest_player(store, guest, &st);
    if (!st.is_ok()) return st;
    const PlayerId own = found && !found->claimed ? found->player.id : 0;
    if (name_key_taken(store, name_key, own, &st)) {
        return st.is_ok() ? Status::conflict("that name is taken") : st;
    }
    if (found && found->claimed) return store.create_player(name, name_key, token_hash, now, id);
    if (own) {
        Statement rename = store.db().prepare(
            "UPDATE players SET name = ?, name_key = ?, token_hash = ? WHERE id = ?", &st);
        if (!st.is_ok()) return st;
        rename.bind(1, name).bind(2, name_key).bind_blob(3, token_hash.data(), token_hash.size());
        rename.bind(4, own);
        if (st = rename.run(); !st.is_ok()) return st;
        Statement claim =
            store.db().prepare("UPDATE guest_players SET claimed_at = ? WHERE guest_id = ?", &st);
        if (!st.is_ok()) return st;
        claim.bind(1, now).bind(2, guest);
        if (st = claim.run(); !st.is_ok()) return st;
        *id = own;
    } else {
        if (st = store.create_player(name, name_key, token_hash, now, id); !st.is_ok()) return st;
        if (st = link(store, guest, *id, now); !st.is_ok()) return st;
    }
    // Unfinished games stay the guest's, so the guest's hello still lists them to resume.
    Statement adopt = store.db().prepare(
        "UPDATE games SET player_id = ? WHERE guest_id = ? AND player_id IS NULL "
        "AND finished_at IS NOT NULL",
        &st);
    if (!st.is_ok()) return st;
    adopt.bind(1, *id).bind(2, guest);
    return adopt.run();
}

}  // namespace pinfall::storage
