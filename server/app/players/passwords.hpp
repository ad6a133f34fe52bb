// Argon2id password strings (libsodium's crypto_pwhash_str) computed off the network and
// storage threads, on one worker thread of its own: at most one hash (kMemLimit bytes) runs
// at a time, so a burst of logins costs latency, never memory or the other threads' CPU.
// Parameters (docs/protocol.md "Passwords"): t = 2 passes over m = 19 MiB, one lane (OWASP's
// first argon2id choice); measured 67 ms per hash on the 2-core build machine under load.
//
// Passwords are taken by value and wiped (sodium_memzero) once used; nothing here logs.
// Thread-safety: every member may be called from any thread; callbacks run on the worker
// thread (post back to a strand before touching connection state).
#pragma once

#include <boost/asio/thread_pool.hpp>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

namespace pinfall::server {

class Passwords {
   public:
    static constexpr unsigned long long kOpsLimit = 2;
    static constexpr std::size_t kMemLimit = std::size_t{19} << 20;
    static constexpr std::size_t kMinBytes = 8;
    static constexpr std::size_t kMaxBytes = 128;

    // Initialises libsodium (sodium_init); throws std::runtime_error when it cannot.
    Passwords();
    // Finishes the queued work, then joins the worker.
    ~Passwords();
    Passwords(const Passwords&) = delete;
    Passwords& operator=(const Passwords&) = delete;

    // True when password is 8-128 bytes (any bytes; a UTF-8 check is the client's business).
    static bool acceptable(const std::string& password);

    // done(the argon2id string) on the worker, or done(nullopt) when libsodium fails (out of
    // memory).
    void hash(std::string password, std::function<void(std::optional<std::string>)> done);
    // done(true) when password matches stored (an argon2id string from hash()); false for a
    // wrong password or a malformed string.
    void verify(std::string stored, std::string password, std::function<void(bool)> done);

   private:
    boost::asio::thread_pool worker_{1};
};

}  // namespace pinfall::server
