// Web Push cryptography (server/app/push/webpush_crypto.hpp): base64url both ways; P-256 keys
// from a scalar and checked points; RFC 8291 Appendix A's encryption, byte for byte, with its
// fixed keys and salt, and opened again with the user agent's key; fresh encryptions opened,
// tampered ones refused; the VAPID JWT (RFC 8292) verified with the public key and refused
// with another key or a changed claim.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "server/app/push/webpush_crypto.hpp"

namespace webpush_crypto_test {

using namespace pinfall::server::push;

// RFC 8291, Appendix A.
constexpr const char* kPlaintext = "When I grow up, I want to be a watermelon";
constexpr const char* kAsPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw";
constexpr const char* kAsPublic =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8";
constexpr const char* kUaPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94";
constexpr const char* kUaPublic =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
constexpr const char* kSalt = "DGv6ra1nlYgDCS1FRnbzlw";
constexpr const char* kAuth = "BTBZMqHH6r4Tts7J_aSIgg";
constexpr const char* kBody =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWA"
    "mS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj"
    "_Qulcy4a-fN";

std::string b64(const char* text) {
    auto out = base64url_decode(text);
    REQUIRE(out);
    return *out;
}

TEST_CASE("webpush: base64url encodes and decodes every length, with or without padding") {
    std::string all;
    for (int i = 0; i < 256; ++i) all += static_cast<char>(i);
    for (std::size_t n = 0; n <= 10; ++n) {
        const auto text = base64url_encode(all.substr(250 - n, n));
        CHECK(text.find('=') == std::string::npos);
        CHECK(base64url_decode(text) == all.substr(250 - n, n));
    }
    CHECK(base64url_encode(all).size() == 342);
    CHECK(base64url_decode(base64url_encode(all)) == all);
    CHECK(base64url_encode("\xfb\xff") == "-_8");
    CHECK(base64url_decode("-_8=") == std::string("\xfb\xff"));
    CHECK(base64url_decode("YQ==") == std::string("a"));
    CHECK_FALSE(base64url_decode("+/8"));    // standard base64's alphabet
    CHECK_FALSE(base64url_decode("Y"));      // a length no bytes have
    CHECK_FALSE(base64url_decode("YR"));     // leftover bits set
    CHECK_FALSE(base64url_decode("Y Q"));
}

TEST_CASE("webpush: P-256 pairs from a scalar, and only points on the curve are valid") {
    const auto as = p256_from_private(b64(kAsPrivate));
    REQUIRE(as);
    CHECK(base64url_encode(as->public_key) == kAsPublic);
    const auto ua = p256_from_private(b64(kUaPrivate));
    REQUIRE(ua);
    CHECK(base64url_encode(ua->public_key) == kUaPublic);
    CHECK(valid_p256_point(b64(kUaPublic)));
    std::string off = b64(kUaPublic);
    off[64] = static_cast<char>(off[64] ^ 1);  // y changed: not on the curve
    CHECK_FALSE(valid_p256_point(off));
    CHECK_FALSE(valid_p256_point(b64(kUaPublic).substr(0, 33)));
    CHECK_FALSE(p256_from_private(std::string(32, '\0')));
    CHECK_FALSE(p256_from_private(std::string(32, '\xff')));  // above the order
    CHECK_FALSE(p256_from_private("short"));
    const auto fresh = generate_p256();
    REQUIRE(fresh);
    CHECK(fresh->private_key.size() == 32);
    CHECK(valid_p256_point(fresh->public_key));
    CHECK(p256_from_private(fresh->private_key)->public_key == fresh->public_key);
}

TEST_CASE("webpush: RFC 8291 Appendix A encrypts to the RFC's exact body, which opens again") {
    const auto as = p256_from_private(b64(kAsPrivate));
    REQUIRE(as);
    const auto body = encrypt_with(kPlaintext, b64(kUaPublic), b64(kAuth), *as, b64(kSalt));
    REQUIRE(body);
    CHECK(base64url_encode(*body) == kBody);
    const auto ua = p256_from_private(b64(kUaPrivate));
    REQUIRE(ua);
    CHECK(decrypt(b64(kBody), *ua, b64(kAuth)) == std::string(kPlaintext));
    // The wrong auth secret or key does not open it.
    std::string auth = b64(kAuth);
    auth[0] = static_cast<char>(auth[0] ^ 1);
    CHECK_FALSE(decrypt(b64(kBody), *ua, auth));
    CHECK_FALSE(decrypt(b64(kBody), *as, b64(kAuth)));
}

TEST_CASE("webpush: fresh encryptions differ, open with the subscription's keys, refuse tampering") {
    const auto ua = generate_p256();
    REQUIRE(ua);
    const std::string auth = "0123456789abcdef";
    const std::string payload = R"({"title":"Today's Pinfall daily is out","body":"x","url":"/#/daily"})";
    const auto a = encrypt(payload, ua->public_key, auth);
    const auto b = encrypt(payload, ua->public_key, auth);
    REQUIRE(a);
    REQUIRE(b);
    CHECK(*a != *b);
    CHECK(a->size() == 16 + 4 + 1 + 65 + payload.size() + 1 + 16);
    CHECK(decrypt(*a, *ua, auth) == payload);
    CHECK(decrypt(*b, *ua, auth) == payload);
    for (const std::size_t at : {std::size_t{0}, std::size_t{20}, std::size_t{40}, a->size() - 1}) {
        std::string bad = *a;
        bad[at] = static_cast<char>(bad[at] ^ 0x40);
        CHECK_FALSE(decrypt(bad, *ua, auth));
    }
    CHECK(encrypt(std::string(kMaxPlaintext, 'x'), ua->public_key, auth));
    CHECK_FALSE(encrypt(std::string(kMaxPlaintext + 1, 'x'), ua->public_key, auth));
    CHECK_FALSE(encrypt(payload, ua->public_key, "short"));
    CHECK_FALSE(encrypt(payload, std::string(65, '\x04'), auth));
}

TEST_CASE("webpush: the VAPID JWT verifies with the public key and with nothing else") {
    const auto key = generate_p256();
    const auto other = generate_p256();
    REQUIRE(key);
    REQUIRE(other);
    const auto jwt = vapid_jwt("https://push.example.net", 1764720000, "mailto:ops@example.net", *key);
    REQUIRE(jwt);
    const auto dot = jwt->find('.');
    CHECK(base64url_decode(jwt->substr(0, dot)) == std::string(R"({"typ":"JWT","alg":"ES256"})"));
    std::string claims;
    REQUIRE(verify_jwt(*jwt, key->public_key, &claims));
    const auto c = nlohmann::json::parse(claims);
    CHECK(c.at("aud") == "https://push.example.net");
    CHECK(c.at("exp") == 1764720000);
    CHECK(c.at("sub") == "mailto:ops@example.net");
    // The signature is raw r||s: 64 bytes.
    CHECK(base64url_decode(jwt->substr(jwt->rfind('.') + 1))->size() == 64);
    CHECK_FALSE(verify_jwt(*jwt, other->public_key, nullptr));
    // Claims changed after signing.
    const auto forged = vapid_jwt("https://evil.example", 1764720000, "mailto:ops@example.net", *key);
    REQUIRE(forged);
    const std::string spliced = jwt->substr(0, dot) + forged->substr(forged->find('.'), forged->rfind('.') - forged->find('.')) +
                                jwt->substr(jwt->rfind('.'));
    CHECK_FALSE(verify_jwt(spliced, key->public_key, nullptr));
    CHECK_FALSE(verify_jwt("a.b", key->public_key, nullptr));
    CHECK_FALSE(vapid_jwt("https://x\"y", 1, "mailto:a@b", *key));
}

}  // namespace webpush_crypto_test
