// A small synchronous WebSocket client for black-box tests (Beast, in ws_client.cpp only). One async read is always
// outstanding (so pings are answered) unless constructed with reading off; received messages
// wait in an inbox. Single-threaded; not thread-safe.
#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pinfall::test {

using Json = nlohmann::json;
using namespace std::chrono_literals;

class WsClient {
   public:
    // Connects to 127.0.0.1:port from `from` (a loopback address; "" lets the OS pick) and
    // completes the handshake on `path`. Throws on failure.
    explicit WsClient(unsigned short port, bool reading = true, const std::string& path = "/ws",
                      const std::string& from = "");
    ~WsClient();

    void send_text(const std::string& text);
    void send_binary(const std::string& bytes);
    // One text message sent as several WebSocket frames (a first frame, continuations, fin).
    void send_fragmented(const std::vector<std::string>& parts);
    // The next message, or nullopt if none arrives within timeout or the connection closed.
    std::optional<std::string> recv(std::chrono::milliseconds timeout = 10s);
    // The next message parsed; throws if none arrives.
    Json recv_json(std::chrono::milliseconds timeout = 10s);
    // Sends msg with a fresh id and returns the reply carrying re == id. Messages without that
    // re that arrive meanwhile are kept in `others`.
    Json request(Json msg, std::chrono::milliseconds timeout = 10s);
    // The two halves of request(), so several clients can have requests in flight at once.
    std::uint64_t send_request(Json msg);
    Json await_reply(std::uint64_t id, std::chrono::milliseconds timeout = 10s);
    // hello; returns the welcome (throws on an error reply).
    Json hello(const std::optional<std::string>& guest = std::nullopt);

    // Starts reading if constructed with reading off.
    void start_reading();
    // Runs until the connection closes or timeout passes; true if closed.
    bool wait_closed(std::chrono::milliseconds timeout);
    bool closed() const { return closed_; }
    // The close code the server sent (0 if none / not closed by a close frame).
    int close_code() const { return close_code_; }
    // The close frame's reason text (empty when none came).
    const std::string& close_reason() const { return close_reason_; }
    // Why reading stopped ("" while open).
    const std::string& close_error() const { return close_error_; }
    void close();

    std::deque<Json> others;  // messages set aside by request()

   private:
    void do_read();
    bool run_until(const std::function<bool()>& done, std::chrono::milliseconds timeout);

    // The Beast stream and its io_context, kept out of this header: every test file includes
    // it, and parsing Beast in each of them was most of their compile time.
    struct Io;
    std::unique_ptr<Io> io_;
    std::deque<std::string> inbox_;
    bool reading_ = false;
    bool closed_ = false;
    int close_code_ = 0;
    std::string close_reason_;
    std::string close_error_;
    std::uint64_t next_id_ = 1;
};

}  // namespace pinfall::test
