// The application side of one connection: turns decoded requests into registry lookups and
// game-room work, and answers every request exactly once (a reply with `re`, or an error).
// Knows the protocol's typed messages and Asio executors, not Beast.
//
// Thread-safety: REQUIRES every call on the owning connection's strand. Game work is posted to
// each room's strand; replies come back through the Outbox.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string_view>

#include "protocol/messages.hpp"
#include "server/app/outbox.hpp"
#include "server/app/services.hpp"

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
}  // namespace code

class Client {
   public:
    using time_point = std::chrono::steady_clock::time_point;

    explicit Client(Services& services) : services_(services) {}

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
    void practice_start(const protocol::Request& r, const protocol::PracticeStart& p,
                        const std::shared_ptr<Outbox>& self);
    // Finds a game this guest owns; on failure replies with the error and returns nullptr.
    std::shared_ptr<GameRoom> own_game(const protocol::Request& r, protocol::GameId id,
                                       const std::shared_ptr<Outbox>& self);
    void fail(const std::shared_ptr<Outbox>& self, protocol::Re re, std::string_view code,
              std::string_view message);

    Services& services_;
    std::optional<GuestId> guest_;  // set by a successful hello
};

}  // namespace pinfall::server
