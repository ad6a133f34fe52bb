// The application side of one connection: turns decoded requests into registry, storage and
// game-room work, and answers every request exactly once (a reply with `re`, or an error).
// Knows the protocol's typed messages and Asio executors, not Beast.
//
// Thread-safety: REQUIRES every call on the owning connection's strand. Work elsewhere (room
// strands, the storage worker) replies through the Outbox, which is thread-safe. The
// connection's identity (guest, player) is posted back to the connection's strand before use.
#pragma once

#include <boost/asio/any_io_executor.hpp>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>

#include "protocol/messages.hpp"
#include "server/app/core/outbox.hpp"
#include "server/app/core/services.hpp"
#include "server/app/leagues/league_service.hpp"
#include "server/app/queries/queries.hpp"

namespace pinfall::server {

// Error codes the server adds to the protocol's and the engine's (docs/protocol.md).
namespace code {
inline constexpr const char* kHelloRequired = "hello_required";
inline constexpr const char* kUnsupportedVersion = "unsupported_version";
inline constexpr const char* kUnknownGuest = "unknown_guest";
inline constexpr const char* kUnknownGame = "unknown_game";
inline constexpr const char* kNotYourGame = "not_your_game";
inline constexpr const char* kRateLimited = "rate_limited";
inline constexpr const char* kServerBusy = "server_busy";
inline constexpr const char* kWrongPhase = "wrong_phase";
inline constexpr const char* kBinaryFrame = "bad_request";
inline constexpr const char* kBadName = "bad_name";
inline constexpr const char* kNameTaken = "name_taken";
inline constexpr const char* kBadToken = "bad_token";
inline constexpr const char* kLoginRequired = "login_required";
inline constexpr const char* kDailyFinished = "daily_finished";
inline constexpr const char* kNotRevealed = "not_revealed";
inline constexpr const char* kStorageError = "storage_error";
inline constexpr const char* kUnknownLane = "unknown_lane";
inline constexpr const char* kBadRuleset = "bad_ruleset";
inline constexpr const char* kOverBudget = "over_budget";
inline constexpr const char* kRankedGame = "ranked_game";
inline constexpr const char* kAnalysisLimited = "analysis_limited";
inline constexpr const char* kAnalysisBusy = "analysis_busy";
inline constexpr const char* kNotFinished = "not_finished";
inline constexpr const char* kGameOver = "game_over";
inline constexpr const char* kBadPassword = "bad_password";
inline constexpr const char* kWrongPassword = "wrong_password";
inline constexpr const char* kPasswordLimited = "password_limited";
inline constexpr const char* kPlayerElsewhere = "player_elsewhere";
inline constexpr const char* kMoved = "moved";
}  // namespace code

class Client : public std::enable_shared_from_this<Client> {
   public:
    using time_point = std::chrono::steady_clock::time_point;

    // strand: the connection's strand, where every call to this object runs; address: the
    // peer's address as text (the key of its budgets).
    Client(Services& services, boost::asio::any_io_executor strand, const std::string& address)
        : services_(services),
          queries_(services),
          leagues_(services, queries_),
          strand_(std::move(strand)),
          address_key_("a:" + address) {}

    // Releases the guest this connection acted as (GuestBook::release).
    ~Client();

    // One text message from the peer. `self` is the connection's outbox (replies go there).
    void on_text(std::string_view text, const std::shared_ptr<Outbox>& self, time_point received);
    // A binary message: refused with an error, the connection stays usable.
    void on_binary(const std::shared_ptr<Outbox>& self);
    // A message dropped by the connection's rate limit.
    void on_rate_limited(const std::shared_ptr<Outbox>& self);

   private:
    void handle(const protocol::Request& r, const std::shared_ptr<Outbox>& self,
                time_point received);
    void hello(const protocol::Request& r, const protocol::Hello& h,
               const std::shared_ptr<Outbox>& self);
    // The welcome of a hello, once the guest is known (returning: it said hello with a token)
    // and held (GuestBook): takes the guest's ownership first (player_elsewhere, and the guest
    // let go, when another node does not hand it over), then welcome_guest().
    void greet(protocol::Re re, GuestId guest, std::string token, bool returning,
               const std::shared_ptr<Outbox>& self);
    void welcome_guest(protocol::Re re, GuestId guest, std::string token, bool returning,
                       const std::shared_ptr<Outbox>& self);
    void register_player(const protocol::Request& r, const protocol::Register& m,
                         const std::shared_ptr<Outbox>& self);
    // Accounts (client_accounts.cpp): register, login by token or by name and password,
    // change_password, logout_others.
    void login(const protocol::Request& r, const protocol::Login& m,
               const std::shared_ptr<Outbox>& self);
    void password_login(const protocol::Request& r, const protocol::Login& m,
                        const std::shared_ptr<Outbox>& self);
    void change_password(const protocol::Request& r, const protocol::ChangePassword& m,
                         const std::shared_ptr<Outbox>& self);
    void logout_others(const protocol::Request& r, const std::shared_ptr<Outbox>& self);
    // Takes one password attempt from this address and the account named by name_key;
    // otherwise replies password_limited and returns false.
    bool within_password_budget(const std::string& name_key, protocol::Re re,
                                const std::shared_ptr<Outbox>& self);
    // On the strand: the connection acts as player from now on (under the current token
    // generation) once this node owns the player (cluster/ownership.hpp); then `then` runs on
    // the strand. Otherwise re is answered player_elsewhere.
    void become(protocol::PlayerRef player, protocol::Re re, const std::shared_ptr<Outbox>& self,
                std::function<void()> then);
    // False (and the connection drops back to its guest, refused with bad_token) when the
    // player's tokens were rotated since this connection logged in.
    bool session_current(const protocol::Request& r, const std::shared_ptr<Outbox>& self);
    void practice_start(const protocol::Request& r, const protocol::PracticeStart& p,
                        const std::shared_ptr<Outbox>& self);
    void daily_start(const protocol::Request& r, const protocol::DailyStart& m,
                     const std::shared_ptr<Outbox>& self);
    // Guests and the daily (client_guest_daily.cpp; docs/rules.md "Guests and the daily").
    // A guest's daily_start with "guest": true, under the guest's ranked identity.
    void guest_daily_start(const protocol::Request& r, const std::shared_ptr<Outbox>& self);
    // After hello with a known guest token: reads the guest's ranked identity, sets it on the
    // strand, then runs `then` there.
    void load_guest_identity(std::function<void()> then);
    // The player whose ranked view this connection gets: the logged-in player, else the
    // guest's unclaimed ranked identity, else none.
    std::optional<storage::PlayerId> ranked_me() const {
        return player_ ? std::optional(player_->id) : guest_player_;
    }
    // owner() for ownership checks: a guest may act on its ranked identity's games.
    Owner acting_owner() const { return Owner{*guest_, ranked_me()}; }
    // The coach (client_analysis.cpp): a hint for a practice game in play, the review of a
    // finished, revealed game. Both run on the analysis pool under the per-player limit.
    void hint(const protocol::Request& r, const protocol::HintRequest& m,
              const std::shared_ptr<Outbox>& self);
    void review(const protocol::Request& r, const protocol::ReviewRequest& m,
                const std::shared_ptr<Outbox>& self);
    // Takes `cost` analysis tokens for key, then queues job on the pool; otherwise replies
    // analysis_limited or analysis_busy and returns false. Thread-safe.
    bool submit_analysis(const std::string& key, unsigned cost, protocol::Re re,
                         const std::shared_ptr<Outbox>& self, std::function<void()> job);
    // League requests (client_leagues.cpp). Returns false when r is not one.
    bool handle_league(const protocol::Request& r, const std::shared_ptr<Outbox>& self);
    // Lane requests (client_lanes.cpp). Returns false when r is not one.
    bool handle_lane(const protocol::Request& r, const std::shared_ptr<Outbox>& self);
    void lane_open(const protocol::Request& r, const protocol::LaneOpen& m,
                   const std::shared_ptr<Outbox>& self);
    // Finds the lane, then runs fn(room) on the lane's strand; otherwise replies unknown_lane.
    void with_lane(const protocol::Request& r, const std::string& code,
                   const std::shared_ptr<Outbox>& self,
                   std::function<void(const std::shared_ptr<LaneRoom>&)> fn);
    void with_lane_code(const std::string& code, protocol::Re re,
                        const std::shared_ptr<Outbox>& self,
                        std::function<void(const std::shared_ptr<LaneRoom>&)> fn);
    // Finds a game this connection may act on (in memory, else loaded), then runs fn(room) on
    // the room's strand; otherwise replies unknown_game, not_your_game or storage_error.
    void with_own_game(const protocol::Request& r, protocol::GameId id,
                       const std::shared_ptr<Outbox>& self,
                       std::function<void(const std::shared_ptr<GameRoom>&)> fn);
    void with_own_game_id(protocol::GameId id, protocol::Re re,
                          const std::shared_ptr<Outbox>& self,
                          std::function<void(const std::shared_ptr<GameRoom>&)> fn);
    // The second half of with_own_game, once the room is found: the owner check and the post.
    void in_own_game(std::shared_ptr<GameRoom> room, const Owner& me, protocol::Re re,
                     const std::shared_ptr<Outbox>& self,
                     std::function<void(const std::shared_ptr<GameRoom>&)> fn);
    void fail(const std::shared_ptr<Outbox>& self, protocol::Re re, std::string_view code,
              std::string_view message);
    Owner owner() const { return Owner{*guest_, player_ ? std::optional(player_->id) : std::nullopt}; }
    // The budget key of whoever acts: the player when logged in, else the guest.
    std::string owner_key() const;
    // Takes a token of `kind` from this address and, unless `address_only`, from the owner;
    // otherwise replies over_budget and returns false.
    bool within_budget(AddressBudgets::Kind kind, protocol::Re re,
                       const std::shared_ptr<Outbox>& self, bool address_only = false);
    static ReplyFn send_to(const std::shared_ptr<Outbox>& self);

    Services& services_;
    Queries queries_;
    LeagueService leagues_;
    boost::asio::any_io_executor strand_;
    std::optional<GuestId> guest_;            // set by a successful hello
    bool greeting_ = false;                   // a hello is looking its guest up in storage
    std::optional<storage::PlayerId> owned_;  // the player this connection holds (Ownership)
    Ownership::Hold hold_;                    // its hold: true once the player moved away
    // The guest's own hold (key: minus the guest id), taken at hello: a guest too is served by
    // one node at a time.
    Ownership::Hold guest_hold_;
    bool moved() const {
        return (hold_ && hold_->load(std::memory_order_relaxed)) ||
               (guest_hold_ && guest_hold_->load(std::memory_order_relaxed));
    }
    std::optional<protocol::PlayerRef> player_;  // set by register or login
    std::uint64_t token_epoch_ = 0;              // TokenEpochs generation at login
    // The guest's ranked identity while unclaimed (a guest that played the daily); cleared by
    // registering, when it becomes player_. guest_claimed_: the guest registered already, so
    // it plays ranked only by logging in.
    std::optional<storage::PlayerId> guest_player_;
    bool guest_claimed_ = false;
    const std::string address_key_;
};

}  // namespace pinfall::server
