#include "server/app/push/webpush_crypto.hpp"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/param_build.h>
#include <openssl/rand.h>

#include <memory>

namespace pinfall::server::push {

namespace {

template <class T, void (*F)(T*)>
struct Deleter {
    void operator()(T* p) const { F(p); }
};
using Bn = std::unique_ptr<BIGNUM, Deleter<BIGNUM, BN_free>>;
using BnCtx = std::unique_ptr<BN_CTX, Deleter<BN_CTX, BN_CTX_free>>;
using Group = std::unique_ptr<EC_GROUP, Deleter<EC_GROUP, EC_GROUP_free>>;
using Point = std::unique_ptr<EC_POINT, Deleter<EC_POINT, EC_POINT_free>>;
using Pkey = std::unique_ptr<EVP_PKEY, Deleter<EVP_PKEY, EVP_PKEY_free>>;
using PkeyCtx = std::unique_ptr<EVP_PKEY_CTX, Deleter<EVP_PKEY_CTX, EVP_PKEY_CTX_free>>;
using MdCtx = std::unique_ptr<EVP_MD_CTX, Deleter<EVP_MD_CTX, EVP_MD_CTX_free>>;
using CipherCtx = std::unique_ptr<EVP_CIPHER_CTX, Deleter<EVP_CIPHER_CTX, EVP_CIPHER_CTX_free>>;
using Sig = std::unique_ptr<ECDSA_SIG, Deleter<ECDSA_SIG, ECDSA_SIG_free>>;
using ParamBld = std::unique_ptr<OSSL_PARAM_BLD, Deleter<OSSL_PARAM_BLD, OSSL_PARAM_BLD_free>>;
using Params = std::unique_ptr<OSSL_PARAM, Deleter<OSSL_PARAM, OSSL_PARAM_free>>;

constexpr std::size_t kScalarBytes = 32;
constexpr std::size_t kPointBytes = 65;
constexpr std::size_t kTagBytes = 16;
constexpr std::size_t kKeyBytes = 16;    // AES-128
constexpr std::size_t kNonceBytes = 12;

const unsigned char* bytes(std::string_view s) {
    return reinterpret_cast<const unsigned char*>(s.data());
}

Group p256() { return Group(EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1)); }

// An EVP_PKEY of P-256 from the public point and, when given, the private scalar.
Pkey make_key(std::string_view public_key, std::string_view private_key) {
    ParamBld bld(OSSL_PARAM_BLD_new());
    Bn priv;
    if (!bld) return nullptr;
    if (!OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) ||
        !OSSL_PARAM_BLD_push_octet_string(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, public_key.data(),
                                          public_key.size())) {
        return nullptr;
    }
    if (!private_key.empty()) {
        priv.reset(BN_bin2bn(bytes(private_key), static_cast<int>(private_key.size()), nullptr));
        if (!priv || !OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_PRIV_KEY, priv.get())) {
            return nullptr;
        }
    }
    Params params(OSSL_PARAM_BLD_to_param(bld.get()));
    PkeyCtx ctx(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
    if (!params || !ctx || EVP_PKEY_fromdata_init(ctx.get()) <= 0) return nullptr;
    EVP_PKEY* key = nullptr;
    const int selection = private_key.empty() ? EVP_PKEY_PUBLIC_KEY : EVP_PKEY_KEYPAIR;
    if (EVP_PKEY_fromdata(ctx.get(), &key, selection, params.get()) <= 0) return nullptr;
    return Pkey(key);
}

std::optional<std::string> hmac_sha256(std::string_view key, std::string_view data) {
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), bytes(data), data.size(), out,
              &len)) {
        return std::nullopt;
    }
    return std::string(reinterpret_cast<char*>(out), len);
}

// HKDF-SHA256 (RFC 5869) of one block: what RFC 8291 needs (at most 32 bytes out).
std::optional<std::string> hkdf(std::string_view salt, std::string_view ikm, std::string info,
                                std::size_t length) {
    const auto prk = hmac_sha256(salt, ikm);
    if (!prk) return std::nullopt;
    info.push_back('\x01');
    auto okm = hmac_sha256(*prk, info);
    if (!okm) return std::nullopt;
    okm->resize(length);
    return okm;
}

std::optional<std::string> ecdh(const P256KeyPair& mine, std::string_view their_public) {
    Pkey me = make_key(mine.public_key, mine.private_key);
    Pkey peer = make_key(their_public, {});
    if (!me || !peer) return std::nullopt;
    PkeyCtx ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, me.get(), nullptr));
    std::size_t len = 0;
    if (!ctx || EVP_PKEY_derive_init(ctx.get()) <= 0 ||
        EVP_PKEY_derive_set_peer(ctx.get(), peer.get()) <= 0 ||
        EVP_PKEY_derive(ctx.get(), nullptr, &len) <= 0) {
        return std::nullopt;
    }
    std::string secret(len, '\0');
    if (EVP_PKEY_derive(ctx.get(), reinterpret_cast<unsigned char*>(secret.data()), &len) <= 0) {
        return std::nullopt;
    }
    secret.resize(len);
    return secret;
}

struct ContentKeys {
    std::string cek, nonce;
};

// RFC 8291 section 3.4 then RFC 8188 section 2.2: the content encryption key and nonce.
std::optional<ContentKeys> content_keys(std::string_view ecdh_secret, std::string_view auth,
                                        std::string_view ua_public, std::string_view as_public,
                                        std::string_view salt) {
    std::string key_info = "WebPush: info";
    key_info.push_back('\0');
    key_info.append(ua_public);
    key_info.append(as_public);
    const auto ikm = hkdf(auth, ecdh_secret, key_info, 32);
    if (!ikm) return std::nullopt;
    auto cek = hkdf(salt, *ikm, std::string("Content-Encoding: aes128gcm") + '\0', kKeyBytes);
    auto nonce = hkdf(salt, *ikm, std::string("Content-Encoding: nonce") + '\0', kNonceBytes);
    if (!cek || !nonce) return std::nullopt;
    return ContentKeys{std::move(*cek), std::move(*nonce)};
}

std::string encode_u32(std::uint32_t v) {
    std::string out(4, '\0');
    for (int i = 3; i >= 0; --i, v >>= 8) out[static_cast<std::size_t>(i)] = static_cast<char>(v & 0xff);
    return out;
}

}  // namespace

std::string base64url_encode(std::string_view in) {
    static constexpr char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    std::string out;
    out.reserve((in.size() * 4 + 2) / 3);
    std::size_t i = 0;
    for (; i + 2 < in.size(); i += 3) {
        const auto v = (std::uint32_t(std::uint8_t(in[i])) << 16) |
                       (std::uint32_t(std::uint8_t(in[i + 1])) << 8) | std::uint8_t(in[i + 2]);
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
        out += kAlphabet[(v >> 6) & 63];
        out += kAlphabet[v & 63];
    }
    if (i + 1 == in.size()) {
        const auto v = std::uint32_t(std::uint8_t(in[i])) << 16;
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
    } else if (i + 2 == in.size()) {
        const auto v = (std::uint32_t(std::uint8_t(in[i])) << 16) |
                       (std::uint32_t(std::uint8_t(in[i + 1])) << 8);
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
        out += kAlphabet[(v >> 6) & 63];
    }
    return out;
}

std::optional<std::string> base64url_decode(std::string_view text) {
    while (!text.empty() && text.back() == '=') text.remove_suffix(1);
    if (text.size() % 4 == 1) return std::nullopt;
    std::string out;
    out.reserve(text.size() * 3 / 4);
    std::uint32_t acc = 0;
    int bits = 0;
    for (const char ch : text) {
        int v;
        if (ch >= 'A' && ch <= 'Z') v = ch - 'A';
        else if (ch >= 'a' && ch <= 'z') v = ch - 'a' + 26;
        else if (ch >= '0' && ch <= '9') v = ch - '0' + 52;
        else if (ch == '-') v = 62;
        else if (ch == '_') v = 63;
        else return std::nullopt;
        acc = (acc << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>((acc >> bits) & 0xff);
        }
    }
    // Leftover bits must be zero (one encoding per byte string).
    if (bits > 0 && (acc & ((1u << bits) - 1)) != 0) return std::nullopt;
    return out;
}

std::optional<P256KeyPair> p256_from_private(std::string_view private_key) {
    if (private_key.size() != kScalarBytes) return std::nullopt;
    Group group = p256();
    BnCtx ctx(BN_CTX_new());
    Bn d(BN_bin2bn(bytes(private_key), static_cast<int>(private_key.size()), nullptr));
    if (!group || !ctx || !d) return std::nullopt;
    const BIGNUM* order = EC_GROUP_get0_order(group.get());
    if (BN_is_zero(d.get()) || BN_cmp(d.get(), order) >= 0) return std::nullopt;
    Point q(EC_POINT_new(group.get()));
    if (!q || !EC_POINT_mul(group.get(), q.get(), d.get(), nullptr, nullptr, ctx.get())) {
        return std::nullopt;
    }
    std::string pub(kPointBytes, '\0');
    if (EC_POINT_point2oct(group.get(), q.get(), POINT_CONVERSION_UNCOMPRESSED,
                           reinterpret_cast<unsigned char*>(pub.data()), pub.size(),
                           ctx.get()) != kPointBytes) {
        return std::nullopt;
    }
    return P256KeyPair{std::string(private_key), std::move(pub)};
}

std::optional<P256KeyPair> generate_p256() {
    // A random scalar below the order: the chance of a retry is about 2^-32.
    for (int tries = 0; tries < 8; ++tries) {
        std::string d(kScalarBytes, '\0');
        if (RAND_bytes(reinterpret_cast<unsigned char*>(d.data()), static_cast<int>(d.size())) != 1) {
            return std::nullopt;
        }
        if (auto pair = p256_from_private(d)) return pair;
    }
    return std::nullopt;
}

bool valid_p256_point(std::string_view public_key) {
    if (public_key.size() != kPointBytes || public_key[0] != 0x04) return false;
    Group group = p256();
    Point q(group ? EC_POINT_new(group.get()) : nullptr);
    // oct2point refuses a point that is not on the curve.
    return q && EC_POINT_oct2point(group.get(), q.get(), bytes(public_key), public_key.size(),
                                   nullptr) == 1;
}

std::optional<std::string> encrypt_with(std::string_view plaintext, std::string_view ua_public,
                                        std::string_view auth, const P256KeyPair& as,
                                        std::string_view salt) {
    if (plaintext.size() > kMaxPlaintext || auth.size() != kAuthBytes ||
        salt.size() != kSaltBytes || !valid_p256_point(ua_public) ||
        as.public_key.size() != kPointBytes) {
        return std::nullopt;
    }
    const auto secret = ecdh(as, ua_public);
    if (!secret) return std::nullopt;
    const auto keys = content_keys(*secret, auth, ua_public, as.public_key, salt);
    if (!keys) return std::nullopt;

    std::string record(plaintext);
    record.push_back('\x02');  // the last record's delimiter; no padding
    std::string body(salt);
    body += encode_u32(kRecordSize);
    body.push_back(static_cast<char>(kPointBytes));
    body += as.public_key;
    const std::size_t header = body.size();
    body.resize(header + record.size() + kTagBytes);
    auto* out = reinterpret_cast<unsigned char*>(body.data() + header);

    CipherCtx ctx(EVP_CIPHER_CTX_new());
    int len = 0, final_len = 0;
    if (!ctx ||
        EVP_EncryptInit_ex(ctx.get(), EVP_aes_128_gcm(), nullptr, bytes(keys->cek),
                           bytes(keys->nonce)) != 1 ||
        EVP_EncryptUpdate(ctx.get(), out, &len, bytes(record), static_cast<int>(record.size())) != 1 ||
        EVP_EncryptFinal_ex(ctx.get(), out + len, &final_len) != 1 ||
        EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, static_cast<int>(kTagBytes),
                            out + len + final_len) != 1) {
        return std::nullopt;
    }
    return body;
}

std::optional<std::string> encrypt(std::string_view plaintext, std::string_view ua_public,
                                   std::string_view auth) {
    const auto as = generate_p256();
    std::string salt(kSaltBytes, '\0');
    if (!as || RAND_bytes(reinterpret_cast<unsigned char*>(salt.data()),
                          static_cast<int>(salt.size())) != 1) {
        return std::nullopt;
    }
    return encrypt_with(plaintext, ua_public, auth, *as, salt);
}

std::optional<std::string> decrypt(std::string_view body, const P256KeyPair& ua,
                                   std::string_view auth) {
    constexpr std::size_t kHeader = kSaltBytes + 4 + 1;
    if (body.size() < kHeader || auth.size() != kAuthBytes) return std::nullopt;
    const std::string_view salt = body.substr(0, kSaltBytes);
    std::uint32_t rs = 0;
    for (std::size_t i = 0; i < 4; ++i) rs = (rs << 8) | std::uint8_t(body[kSaltBytes + i]);
    const std::size_t idlen = std::uint8_t(body[kSaltBytes + 4]);
    if (idlen != kPointBytes || body.size() < kHeader + idlen + kTagBytes + 1) return std::nullopt;
    const std::string_view as_public = body.substr(kHeader, idlen);
    const std::string_view sealed = body.substr(kHeader + idlen);
    // One record only: it must fit the record size.
    if (rs < 18 || sealed.size() > rs) return std::nullopt;
    const auto secret = ecdh(ua, as_public);
    if (!secret) return std::nullopt;
    const auto keys = content_keys(*secret, auth, ua.public_key, as_public, salt);
    if (!keys) return std::nullopt;

    const std::string_view cipher = sealed.substr(0, sealed.size() - kTagBytes);
    std::string tag(sealed.substr(sealed.size() - kTagBytes));
    std::string plain(cipher.size(), '\0');
    CipherCtx ctx(EVP_CIPHER_CTX_new());
    int len = 0, final_len = 0;
    if (!ctx ||
        EVP_DecryptInit_ex(ctx.get(), EVP_aes_128_gcm(), nullptr, bytes(keys->cek),
                           bytes(keys->nonce)) != 1 ||
        EVP_DecryptUpdate(ctx.get(), reinterpret_cast<unsigned char*>(plain.data()), &len,
                          bytes(cipher), static_cast<int>(cipher.size())) != 1 ||
        EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_TAG, static_cast<int>(kTagBytes),
                            tag.data()) != 1 ||
        EVP_DecryptFinal_ex(ctx.get(), reinterpret_cast<unsigned char*>(plain.data()) + len,
                            &final_len) != 1) {
        return std::nullopt;
    }
    plain.resize(static_cast<std::size_t>(len + final_len));
    // Padding: zeros after the delimiter; the last (only) record's delimiter is 0x02.
    while (!plain.empty() && plain.back() == '\0') plain.pop_back();
    if (plain.empty() || plain.back() != '\x02') return std::nullopt;
    plain.pop_back();
    return plain;
}

std::optional<std::string> vapid_jwt(const std::string& aud, std::int64_t exp,
                                     const std::string& sub, const P256KeyPair& key) {
    // aud and sub are URLs and mailto: addresses: no character needs escaping in JSON but '"'
    // and '\\', which neither may hold.
    for (const std::string* s : {&aud, &sub}) {
        for (const char ch : *s) {
            if (ch == '"' || ch == '\\' || static_cast<unsigned char>(ch) < 0x20) return std::nullopt;
        }
    }
    const std::string signing_input =
        base64url_encode(R"({"typ":"JWT","alg":"ES256"})") + "." +
        base64url_encode("{\"aud\":\"" + aud + "\",\"exp\":" + std::to_string(exp) +
                         ",\"sub\":\"" + sub + "\"}");
    Pkey pkey = make_key(key.public_key, key.private_key);
    MdCtx md(EVP_MD_CTX_new());
    std::size_t der_len = 0;
    if (!pkey || !md ||
        EVP_DigestSignInit(md.get(), nullptr, EVP_sha256(), nullptr, pkey.get()) != 1 ||
        EVP_DigestSign(md.get(), nullptr, &der_len, bytes(signing_input), signing_input.size()) != 1) {
        return std::nullopt;
    }
    std::string der(der_len, '\0');
    if (EVP_DigestSign(md.get(), reinterpret_cast<unsigned char*>(der.data()), &der_len,
                       bytes(signing_input), signing_input.size()) != 1) {
        return std::nullopt;
    }
    const unsigned char* p = bytes(der);
    Sig sig(d2i_ECDSA_SIG(nullptr, &p, static_cast<long>(der_len)));
    if (!sig) return std::nullopt;
    const BIGNUM* r = nullptr;
    const BIGNUM* s = nullptr;
    ECDSA_SIG_get0(sig.get(), &r, &s);
    std::string raw(2 * kScalarBytes, '\0');
    auto* out = reinterpret_cast<unsigned char*>(raw.data());
    if (BN_bn2binpad(r, out, kScalarBytes) != static_cast<int>(kScalarBytes) ||
        BN_bn2binpad(s, out + kScalarBytes, kScalarBytes) != static_cast<int>(kScalarBytes)) {
        return std::nullopt;
    }
    return signing_input + "." + base64url_encode(raw);
}

bool verify_jwt(std::string_view jwt, std::string_view public_key, std::string* claims) {
    const auto dot1 = jwt.find('.');
    const auto dot2 = dot1 == std::string_view::npos ? dot1 : jwt.find('.', dot1 + 1);
    if (dot2 == std::string_view::npos) return false;
    const auto header = base64url_decode(jwt.substr(0, dot1));
    const auto body = base64url_decode(jwt.substr(dot1 + 1, dot2 - dot1 - 1));
    const auto raw = base64url_decode(jwt.substr(dot2 + 1));
    if (!header || !body || !raw || raw->size() != 2 * kScalarBytes) return false;
    if (header->find("\"alg\":\"ES256\"") == std::string::npos) return false;
    Sig sig(ECDSA_SIG_new());
    Bn r(BN_bin2bn(bytes(*raw), kScalarBytes, nullptr));
    Bn s(BN_bin2bn(bytes(*raw) + kScalarBytes, kScalarBytes, nullptr));
    if (!sig || !r || !s || ECDSA_SIG_set0(sig.get(), r.get(), s.get()) != 1) return false;
    r.release();  // owned by sig now
    s.release();
    unsigned char* der = nullptr;
    const int der_len = i2d_ECDSA_SIG(sig.get(), &der);
    if (der_len <= 0) return false;
    std::unique_ptr<unsigned char, void (*)(unsigned char*)> der_owner(
        der, [](unsigned char* p) { OPENSSL_free(p); });
    Pkey pkey = valid_p256_point(public_key) ? make_key(public_key, {}) : nullptr;
    MdCtx md(EVP_MD_CTX_new());
    const std::string_view signing_input = jwt.substr(0, dot2);
    if (!pkey || !md ||
        EVP_DigestVerifyInit(md.get(), nullptr, EVP_sha256(), nullptr, pkey.get()) != 1 ||
        EVP_DigestVerify(md.get(), der, static_cast<std::size_t>(der_len), bytes(signing_input),
                         signing_input.size()) != 1) {
        return false;
    }
    if (claims) *claims = *body;
    return true;
}

}  // namespace pinfall::server::push
