// The application side of one connection, as every feature's requests see it: who it is (the
// guest, the player, their holds on this node), where it runs (its strand), what it may spend
// (its address's budgets), and how it answers an error. Knows no feature: each feature folder's
// requests (a RequestHandler) act on it.
//
// Ownership: made shared by the front door per connection; a callback still in flight keeps it
// alive (shared_from_this()). When the last reference goes, ConnectionEnd::ended() gives back
// what its identity held.
// Thread-safety: the identity fields and every member function REQUIRE the connection's strand,
// except strand(), address_key(), send_to() and the ground's accessors, which are safe anywhere.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/messages.hpp"
#include "protocol/replies.hpp"
#include "server/app/core/address_budgets.hpp"
#include "server/app/core/identity.hpp"
#include "server/app/core/metrics.hpp"
#include "server/app/core/outbox.hpp"
#include "server/app/core/reply.hpp"
#include "server/app/core/strand.hpp"

namespace pinfall::server {

class Connection;

// Told once per connection, when its last reference goes (on whichever thread that is).
class ConnectionEnd {
   public:
    virtual void ended(Connection& c) = 0;

   protected:
    ~ConnectionEnd() = default;
};

// What every connection shares. Outlives every connection.
struct ConnectionGround {
    Metrics& metrics;
    AddressBudgets& budgets;
    ConnectionEnd& end;
};

class Connection : public std::enable_shared_from_this<Connection> {
   public:
    // address: the peer's address as text (the key of its budgets).
    Connection(ConnectionGround& ground, Strand strand, const std::string& address)
        : ground_(ground), strand_(std::move(strand)), address_key_("a:" + address) {}
    ~Connection() { ground_.end.ended(*this); }
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    const Strand& strand() const { return strand_; }
    const std::string& address_key() const { return address_key_; }
    Metrics& metrics() const { return ground_.metrics; }
    AddressBudgets& budgets() const { return ground_.budgets; }

    // Identity. Set by hello, register and login (the front door, players/); read by all.
    std::optional<GuestId> guest;          // set by a successful hello
    bool greeting = false;                 // a hello is looking its guest up or taking its hold
    std::optional<storage::PlayerId> owned;  // the player this connection holds (Ownership)
    Hold hold;                             // its hold: true once the player moved away
    Hold guest_hold;  // the guest's own hold (key: minus the guest id), taken at hello
    std::optional<protocol::PlayerRef> player;  // set by register or login
    std::uint64_t token_epoch = 0;              // TokenEpochs generation at login
    // The guest's ranked identity while unclaimed (a guest that played the daily); cleared by
    // registering, when it becomes `player`. guest_claimed: the guest registered already, so
    // it plays ranked only by logging in.
    std::optional<storage::PlayerId> guest_player;
    bool guest_claimed = false;
    // The browser key its hello gave, if any: evidence for moderators (linked identities).
    std::optional<std::string> browser;

    // True once the player (or the guest) is served by another node.
    bool moved() const {
        return (hold && hold->load(std::memory_order_relaxed)) ||
               (guest_hold && guest_hold->load(std::memory_order_relaxed));
    }
    // Who acts, for ownership checks of games and lanes. REQUIRES: guest set.
    Owner owner() const { return Owner{*guest, player ? std::optional(player->id) : std::nullopt}; }
    // owner() where a guest may act on its ranked identity's games.
    Owner acting_owner() const { return Owner{*guest, ranked_me()}; }
    // The player whose ranked view this connection gets: the logged-in player, else the
    // guest's unclaimed ranked identity, else none.
    std::optional<storage::PlayerId> ranked_me() const {
        return player ? std::optional(player->id) : guest_player;
    }
    // The budget key of whoever acts: "p:<id>" when logged in, else "g:<guest>".
    std::string owner_key() const;

    // Counts the refusal in metrics and sends the error (re: the request's id, if any).
    void fail(const std::shared_ptr<Outbox>& self, protocol::Re re, std::string_view code,
              std::string_view message) const;
    // Takes a token of `kind` from this address and, unless `address_only`, from the owner;
    // otherwise replies over_budget (with when to try again) and returns false.
    bool within_budget(AddressBudgets::Kind kind, protocol::Re re,
                       const std::shared_ptr<Outbox>& self, bool address_only = false) const;
    // A ReplyFn that sends each reply to self.
    static ReplyFn send_to(const std::shared_ptr<Outbox>& self);

   private:
    ConnectionGround& ground_;
    const Strand strand_;
    const std::string address_key_;
};

}  // namespace pinfall::server
