// A mock Web Push service for black-box tests (RFC 8030 as a push service sees it): a small
// HTTP server on 127.0.0.1 (Beast, on its own thread) whose devices the test makes as a browser
// would (a P-256 key pair and a 16-byte auth secret of its own each, with their endpoint
// http://127.0.0.1:PORT/push/N). Each POST to a device is checked: Authorization "vapid t=JWT,
// k=KEY" with KEY the server's public key (from push_key) and the JWT's ES256 signature verified
// with it, aud this service's origin; Content-Encoding aes128gcm and a TTL. The body is
// decrypted with the device's own keys (RFC 8291; written here with OpenSSL's HKDF, apart from
// the server's code) and the push recorded, checked or not. A device answers 201, or the
// status the test sets (410 for a device gone). With tls, it speaks HTTPS with a self-signed
// certificate for 127.0.0.1 (cert_file(): the PEM a server may be told to trust).
//
// Thread-safety: every member function from any thread.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace pinfall::test {

struct MockDevice {
    int n = 0;
    std::string endpoint;
    std::string p256dh;  // base64url, as PushSubscription.toJSON() gives
    std::string auth;
};

struct MockPush {
    int device = 0;
    bool jwt_ok = false;       // signature, key and aud as required
    bool decrypted = false;
    std::string payload;       // the plaintext when decrypted
    std::string claims;        // the JWT's claims (JSON text)
    std::string ttl, topic, urgency, encoding;
    std::string problem;       // what failed, when anything did
};

class PushMock {
   public:
    explicit PushMock(bool tls = false);
    ~PushMock();
    PushMock(const PushMock&) = delete;
    PushMock& operator=(const PushMock&) = delete;

    unsigned short port() const;
    std::string origin() const;
    const std::string& cert_file() const;  // with tls: the certificate's PEM file
    int tls_failures() const;              // TLS handshakes that failed
    MockDevice add_device();
    void set_status(int device, int status);
    // The public key (base64url) the pushes' VAPID must carry.
    void expect_key(const std::string& key);

    std::vector<MockPush> pushes() const;            // all, in arrival order
    std::vector<MockPush> pushes_to(int device) const;
    std::size_t count() const;
    // Waits until at least n pushes arrived in all; false on timeout.
    bool wait_count(std::size_t n, std::chrono::milliseconds timeout) const;

    struct Impl;

   private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace pinfall::test
