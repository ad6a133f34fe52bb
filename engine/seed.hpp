// Game seeds and the public derivations of docs/rules.md, "Seeds, commitments and reveals": hex
// form, daily and league seeds (HMAC-SHA256 of the server secret), and commitments (SHA-256 of the
// seed). Pure functions; thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pinfall::engine {

using Seed = std::array<std::uint8_t, 32>;
using Digest = std::array<std::uint8_t, 32>;

// 64 lowercase hex characters.
std::string seed_hex(const Seed& seed);
// Reads exactly 64 hex characters, either case. Returns nullopt on any other input.
std::optional<Seed> parse_seed_hex(std::string_view hex);

Digest sha256(std::string_view bytes);
std::string digest_hex(const Digest& d);

// HMAC-SHA256(key = secret, message). The caller strips the secret file's trailing newline.
Seed hmac_seed(std::string_view secret, std::string_view message);
// Message "pinfall/daily/YYYY-MM-DD". REQUIRES: date is a valid YYYY-MM-DD string.
Seed daily_seed(std::string_view secret, std::string_view date);
// Message "pinfall/league/<league>/<round>/<game>", round and game counted from 1.
Seed league_seed(std::string_view secret, std::int64_t league, int round, int game);
// Lowercase hex SHA-256 of the 32 raw seed bytes: what is published before the reveal.
std::string commitment_hex(const Seed& seed);

}  // namespace pinfall::engine
