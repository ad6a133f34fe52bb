// SHA-256 through SHA256_Init/Update/Final, deprecated in OpenSSL 3 but free of allocation: the
// one-shot SHA256() and HMAC() of OpenSSL 3 fetch their algorithm on every call (some forty
// small allocations each, and a guest's hello makes three such calls). HMAC is RFC 2104 over it.
#define OPENSSL_SUPPRESS_DEPRECATED
#include "engine/seed.hpp"

#include <openssl/sha.h>

#include <cstring>

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
    SHA256_CTX ctx;
    SHA256_Init(&ctx);
    SHA256_Update(&ctx, bytes.data(), bytes.size());
    SHA256_Final(d.data(), &ctx);
    return d;
}

std::string digest_hex(const Digest& d) { return to_hex(d.data(), d.size()); }

Seed hmac_seed(std::string_view secret, std::string_view message) {
    // RFC 2104: H((K ^ opad) || H((K ^ ipad) || message)), K the key padded to the 64-byte
    // block, or its digest when longer.
    constexpr std::size_t kBlock = 64;
    std::uint8_t key[kBlock] = {};
    if (secret.size() > kBlock) {
        const Digest d = sha256(secret);
        std::memcpy(key, d.data(), d.size());
    } else if (!secret.empty()) {
        std::memcpy(key, secret.data(), secret.size());
    }
    std::uint8_t pad[kBlock];
    for (std::size_t i = 0; i < kBlock; ++i) pad[i] = key[i] ^ 0x36;
    Digest inner{};
    SHA256_CTX ctx;
    SHA256_Init(&ctx);
    SHA256_Update(&ctx, pad, kBlock);
    SHA256_Update(&ctx, message.data(), message.size());
    SHA256_Final(inner.data(), &ctx);
    for (std::size_t i = 0; i < kBlock; ++i) pad[i] = key[i] ^ 0x5c;
    Seed out{};
    SHA256_Init(&ctx);
    SHA256_Update(&ctx, pad, kBlock);
    SHA256_Update(&ctx, inner.data(), inner.size());
    SHA256_Final(out.data(), &ctx);
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
