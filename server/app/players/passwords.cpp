#include "server/app/players/passwords.hpp"

#include <sodium.h>

#include <boost/asio/post.hpp>

#include <stdexcept>

namespace pinfall::server {

namespace {

void wipe(std::string& s) {
    if (!s.empty()) sodium_memzero(s.data(), s.size());
    s.clear();
}

}  // namespace

Passwords::Passwords() {
    if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
}

Passwords::~Passwords() { worker_.join(); }

bool Passwords::acceptable(const std::string& password) {
    return password.size() >= kMinBytes && password.size() <= kMaxBytes;
}

void Passwords::hash(std::string password,
                     std::function<void(std::optional<std::string>)> done) {
    boost::asio::post(worker_, [password = std::move(password), done = std::move(done)]() mutable {
        char out[crypto_pwhash_STRBYTES];
        const int rc = crypto_pwhash_str(out, password.data(), password.size(), kOpsLimit,
                                         kMemLimit);
        wipe(password);
        done(rc == 0 ? std::optional<std::string>(out) : std::nullopt);
    });
}

void Passwords::verify(std::string stored, std::string password, std::function<void(bool)> done) {
    boost::asio::post(worker_, [stored = std::move(stored), password = std::move(password),
                                done = std::move(done)]() mutable {
        // crypto_pwhash_str_verify reads a NUL-terminated string of at most STRBYTES.
        const bool ok = stored.size() < crypto_pwhash_STRBYTES &&
                        crypto_pwhash_str_verify(stored.c_str(), password.data(),
                                                 password.size()) == 0;
        wipe(password);
        done(ok);
    });
}

}  // namespace pinfall::server
