// A conversation with pinfall-server on top of Connection: hello (as the guest of the last run
// when the server still knows it), login with a player token, and reopening after the
// connection broke, as the same guest and player. Not thread-safe.
#pragma once

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>

#include "client/connection.hpp"

namespace pinfall::cli {

// An error reply: `code` from the protocol's closed list, what() the server's English message.
class ServerError : public std::runtime_error {
 public:
    ServerError(std::string code, const std::string& message)
        : std::runtime_error(message), code_(std::move(code)) {}
    const std::string& code() const { return code_; }

 private:
    std::string code_;
};

// Throws ServerError when reply is an error message; returns reply otherwise.
const Json& expect_ok(const Json& reply);

class Session {
 public:
    explicit Session(ServerUrl url, std::chrono::milliseconds timeout = std::chrono::seconds(10));

    // Connects and sends hello with the guest token saved by an earlier run (config "guest"),
    // or none; a token the server has forgotten (it restarted) is dropped for a new guest. The
    // guest token received is saved for the next run (failures to save are ignored). Then, when
    // player_token is given, logs in. Throws ConnectionError; ServerError for a refused hello
    // or login (bad_token: the server does not know the stored token).
    void open(std::optional<std::string> player_token = std::nullopt);
    // Opens a new connection as the same guest and player after the old one broke. Throws as
    // open().
    void reopen();

    // Sends msg and returns the reply, error replies included. Throws ConnectionError.
    Json request(Json msg) { return connection_.request(std::move(msg)); }
    // As request(), but an error reply throws ServerError.
    Json call(Json msg);

    // The last welcome message.
    const Json& welcome() const { return welcome_; }
    // The server's UTC date ("YYYY-MM-DD") from the welcome, or the local clock's when the
    // welcome has none.
    std::string server_date() const;
    // {"id":..,"name":..} once logged in or registered; null before.
    const Json& player() const { return player_; }
    // Records that the connection now acts as player (after `register`), with its token.
    void set_player(Json player, std::string token);

 private:
    void hello();

    Connection connection_;
    Json welcome_ = Json::object();
    Json player_ = nullptr;
    std::optional<std::string> player_token_;
    std::optional<std::string> guest_;
};

}  // namespace pinfall::cli
