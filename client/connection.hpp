// A small synchronous WebSocket client for the Pinfall protocol (Boost.Beast over plain TCP).
// One request at a time: request() stamps a fresh "id", sends the message and waits for the
// message whose "re" is that id. Every blocking step has a deadline.
// Single-threaded; not thread-safe.
#pragma once

#include <boost/system/error_code.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace pinfall::cli {

using Json = nlohmann::json;

inline constexpr std::string_view kDefaultServer = "ws://localhost:8080/ws";

struct ServerUrl {
    std::string host;
    std::string port;  // "80" when the URL names none
    std::string path;  // "/" when the URL names none
};

// Parses "ws://host[:port][/path]" (an IPv6 host in brackets). Returns nullopt, with the reason
// in *why when given, for anything else (wss:// included: the client speaks plain TCP only).
std::optional<ServerUrl> parse_server_url(std::string_view url, std::string* why = nullptr);

// The connection could not be made, broke, timed out, or the server sent something that is not
// a JSON object. The connection is unusable afterwards (open() it again).
class ConnectionError : public std::runtime_error {
 public:
    using std::runtime_error::runtime_error;
};

class Connection {
 public:
    explicit Connection(ServerUrl url,
                        std::chrono::milliseconds timeout = std::chrono::seconds(10));
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // Resolves the host, connects and completes the WebSocket handshake, dropping any earlier
    // connection first. Throws ConnectionError.
    void open();
    bool is_open() const { return open_; }

    // Sends msg (an object; its "id" is overwritten) and returns the reply: the message whose
    // "re" equals the id, or an error whose "re" is null (a refusal that could not name the
    // request, e.g. rate_limited). Other messages arriving meanwhile (updates sent because of
    // another connection) are dropped: callers resynchronise by version. Throws
    // ConnectionError when the connection fails or no reply comes within the timeout.
    Json request(Json msg);

    // Sends a close frame and shuts the socket. Never throws.
    void close();

 private:
    void run();  // runs the io_context until the started operation completes
    [[noreturn]] void fail(const char* what, const boost::system::error_code& ec);
    void write_text(const std::string& text);
    std::string read_text();

    ServerUrl url_;
    std::chrono::milliseconds timeout_;
    // The io_context, the Beast stream (while open) and its buffer, kept out of this header
    // (every command includes it; parsing Beast there cost each file seconds to compile).
    struct Io;
    std::unique_ptr<Io> io_;
    bool open_ = false;
    std::uint64_t next_id_ = 1;
};

}  // namespace pinfall::cli
