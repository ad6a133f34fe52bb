// Sends push messages (RFC 8030) to push services: each payload encrypted for its device
// (RFC 8291, aes128gcm), authorised with the server's VAPID key (RFC 8292: "vapid t=JWT, k=KEY",
// one JWT per push service origin, renewed an hour before its 12 hours run out), at most
// `concurrency` requests in flight, the rest queued in order.
//
// Thread-safety: set_transport() before the first send(); send() from any thread; `done` runs
// on an I/O thread (the transport's) or, for a message that cannot be built, on the caller's.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "server/app/core/clock.hpp"
#include "server/app/push/push_transport.hpp"
#include "server/app/push/webpush_crypto.hpp"

namespace pinfall::server::push {

struct PushMessage {
    std::string endpoint;
    std::string p256dh, auth;  // base64url, as stored
    std::string payload;       // the plaintext (JSON text)
    int ttl = 60;              // seconds the push service may keep it
    std::string topic;         // empty: none
};

enum class PushOutcome {
    kSent,    // 2xx
    kGone,    // 404 or 410: the subscription is no more
    kFailed,  // anything else: no answer, another status, a message that cannot be built
};

class PushSender {
   public:
    using Done = std::function<void(PushOutcome, const std::string& why)>;
    struct Deps {
        P256KeyPair vapid;
        std::string subject;  // the JWT's sub
        const Clock& clock;
        unsigned concurrency = 16;
    };
    explicit PushSender(Deps d);

    // The way out (server/net/push_client.hpp in the server); without one every send fails.
    void set_transport(std::unique_ptr<PushTransport> t) { transport_ = std::move(t); }
    void send(PushMessage m, Done done);
    const std::string& public_key() const { return public_key_; }  // base64url

   private:
    struct Job {
        PushMessage message;
        Done done;
    };
    void pump();
    void start(Job job);
    // The Authorization header for the origin (a cached JWT while it has an hour left).
    std::string authorization(const std::string& origin);

    Deps d_;
    const std::string public_key_;
    std::unique_ptr<PushTransport> transport_;
    std::mutex mutex_;
    std::deque<Job> queue_;
    unsigned in_flight_ = 0;
    struct Token {
        std::string header;
        std::int64_t exp = 0;
    };
    std::map<std::string, Token> tokens_;  // by origin
};

}  // namespace pinfall::server::push
