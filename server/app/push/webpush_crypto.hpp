// Web Push cryptography with OpenSSL (issue 30): the aes128gcm message encryption of RFC 8291
// (ECDH on P-256, HKDF-SHA256, RFC 8188's one-record aes128gcm coding, record size 4096) and
// the VAPID JWT of RFC 8292 (ES256, the signature as raw r||s), with base64url and P-256 key
// helpers. Byte strings are std::string (binary). Every function is pure apart from the random
// key and salt of encrypt() and generate_p256(); each returns nullopt (or false) on bad input
// or an OpenSSL failure, never throws. Thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pinfall::server::push {

// base64url without padding (RFC 4648 section 5).
std::string base64url_encode(std::string_view bytes);
// Decodes base64url, with or without '=' padding; nullopt on any other character or length.
std::optional<std::string> base64url_decode(std::string_view text);

// A P-256 key pair: the private scalar (32 bytes, big-endian) and the uncompressed public
// point (65 bytes, 0x04 || x || y).
struct P256KeyPair {
    std::string private_key;
    std::string public_key;
};
std::optional<P256KeyPair> generate_p256();
// The pair of a private scalar (its public point computed); nullopt for a scalar out of range.
std::optional<P256KeyPair> p256_from_private(std::string_view private_key);
// Whether bytes are an uncompressed point on P-256 (65 bytes, 0x04, on the curve).
bool valid_p256_point(std::string_view public_key);

inline constexpr std::uint32_t kRecordSize = 4096;
inline constexpr std::size_t kSaltBytes = 16;
inline constexpr std::size_t kAuthBytes = 16;
// The largest plaintext one record holds: 4096 - 16 (tag) - 1 (delimiter).
inline constexpr std::size_t kMaxPlaintext = kRecordSize - 16 - 1;

// RFC 8291: the aes128gcm body (salt || rs || idlen || as_public || ciphertext || tag) of
// plaintext for the subscription's ua_public (65 bytes) and auth secret (16 bytes), from the
// sender's key pair `as` and `salt` (16 bytes). One record, the padding delimiter 0x02, no
// padding. nullopt for bad keys or a plaintext longer than kMaxPlaintext.
std::optional<std::string> encrypt_with(std::string_view plaintext, std::string_view ua_public,
                                        std::string_view auth, const P256KeyPair& as,
                                        std::string_view salt);
// The same with a fresh sender key pair and salt.
std::optional<std::string> encrypt(std::string_view plaintext, std::string_view ua_public,
                                   std::string_view auth);
// The receiver's side (a browser's; for tests): the plaintext of an aes128gcm body of one
// record, with the subscription's key pair and auth secret; nullopt when it does not open.
std::optional<std::string> decrypt(std::string_view body, const P256KeyPair& ua,
                                   std::string_view auth);

// RFC 8292: the VAPID JWT {"typ":"JWT","alg":"ES256"}.{"aud","exp","sub"} signed with key.
// aud is the push service's origin ("https://push.example.net"), exp seconds since the epoch.
std::optional<std::string> vapid_jwt(const std::string& aud, std::int64_t exp,
                                     const std::string& sub, const P256KeyPair& key);
// Whether jwt is a JWT with alg ES256 whose signature (raw r||s) verifies with public_key;
// *claims gets its claims' JSON text.
bool verify_jwt(std::string_view jwt, std::string_view public_key, std::string* claims);

}  // namespace pinfall::server::push
