#include "engine/seed.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

namespace pinfall::engine {
namespace {

constexpr char kHexDigits[] = "0123456789abcdef";

std::string to_hex(const std::uint8_t* data, std::size_t n) {
    std::string out(n * 2, '0');
    for (std::size_t i = 0; i < n; ++i) {
        out[2 * i] = kHexDigits[data[i] >> 4];
        out[2 * i + 1] = kHexDigits[data[i] & 0xF];
    }
    return out;
}

int hex_nibble(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

std::string seed_hex(const Seed& seed) { return to_hex(seed.data(), seed.size()); }

std::optional<Seed> parse_seed_hex(std::string_view hex) {
    Seed seed{};
    if (hex.size() != seed.size() * 2) return std::nullopt;
    for (std::size_t i = 0; i < seed.size(); ++i) {
        const int hi = hex_nibble(hex[2 * i]);
        const int lo = hex_nibble(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return std::nullopt;
        seed[i] = static_cast<std::uint8_t>(hi << 4 | lo);
    }
    return seed;
}

Digest sha256(std::string_view bytes) {
    Digest d{};
    SHA256(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), d.data());
    return d;
}

std::string digest_hex(const Digest& d) { return to_hex(d.data(), d.size()); }

Seed hmac_seed(std::string_view secret, std::string_view message) {
    Seed out{};
    unsigned int len = 0;
    HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
         reinterpret_cast<const unsigned char*>(message.data()), message.size(), out.data(), &len);
    return out;
}

Seed daily_seed(std::string_view secret, std::string_view date) {
    std::string message = "pinfall/daily/";
    message += date;
    return hmac_seed(secret, message);
}

Seed league_seed(std::string_view secret, std::int64_t league, int round, int game) {
    const std::string message = "pinfall/league/" + std::to_string(league) + "/" +
                                std::to_string(round) + "/" + std::to_string(game);
    return hmac_seed(secret, message);
}

std::string commitment_hex(const Seed& seed) {
    return digest_hex(
        sha256(std::string_view(reinterpret_cast<const char*>(seed.data()), seed.size())));
}

}  // namespace pinfall::engine
