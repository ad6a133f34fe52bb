#include "push_mock.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <openssl/pem.h>
#include <openssl/x509v3.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/rand.h>

#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <thread>

namespace pinfall::test {

namespace push_mock_detail {

struct Keys {
    EVP_PKEY* key = nullptr;
    std::string public_point;  // 65 bytes
    ~Keys() { EVP_PKEY_free(key); }
};

}  // namespace push_mock_detail

using push_mock_detail::Keys;

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

std::string b64url(const std::string& in) {
    std::string out(4 * ((in.size() + 2) / 3) + 1, '\0');
    const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                  reinterpret_cast<const unsigned char*>(in.data()),
                                  static_cast<int>(in.size()));
    out.resize(static_cast<std::size_t>(n));
    for (char& c : out) c = c == '+' ? '-' : c == '/' ? '_' : c;
    while (!out.empty() && out.back() == '=') out.pop_back();
    return out;
}

std::optional<std::string> unb64url(std::string in) {
    for (char& c : in) c = c == '-' ? '+' : c == '_' ? '/' : c;
    while (in.size() % 4) in += '=';
    std::string out(in.size() / 4 * 3, '\0');
    const int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                  reinterpret_cast<const unsigned char*>(in.data()),
                                  static_cast<int>(in.size()));
    if (n < 0) return std::nullopt;
    std::size_t pad = 0;
    for (std::size_t i = in.size(); i > 0 && in[i - 1] == '='; --i) ++pad;
    out.resize(static_cast<std::size_t>(n) - pad);
    return out;
}

std::unique_ptr<Keys> new_keys() {
    auto k = std::make_unique<Keys>();
    k->key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
    if (!k->key) return nullptr;
    unsigned char buf[65];
    std::size_t len = 0;
    EVP_PKEY_set_utf8_string_param(k->key, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, "uncompressed");
    if (EVP_PKEY_get_octet_string_param(k->key, OSSL_PKEY_PARAM_PUB_KEY, buf, sizeof buf, &len) != 1 ||
        len != 65) {
        return nullptr;
    }
    k->public_point.assign(reinterpret_cast<char*>(buf), len);
    return k;
}

EVP_PKEY* public_key_of(const std::string& point) {
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, const_cast<char*>("P-256"), 0),
        OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, const_cast<char*>(point.data()),
                                          point.size()),
        OSSL_PARAM_construct_end()};
    EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr);
    EVP_PKEY* key = nullptr;
    if (ctx && EVP_PKEY_fromdata_init(ctx) == 1) EVP_PKEY_fromdata(ctx, &key, EVP_PKEY_PUBLIC_KEY, params);
    EVP_PKEY_CTX_free(ctx);
    return key;
}

// RFC 5869 HKDF with SHA-256, by OpenSSL's KDF.
std::string hkdf(const std::string& salt, const std::string& ikm, const std::string& info,
                 std::size_t length) {
    EVP_KDF* kdf = EVP_KDF_fetch(nullptr, "HKDF", nullptr);
    EVP_KDF_CTX* ctx = EVP_KDF_CTX_new(kdf);
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, const_cast<char*>("SHA256"), 0),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, const_cast<char*>(salt.data()), salt.size()),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, const_cast<char*>(ikm.data()), ikm.size()),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, const_cast<char*>(info.data()), info.size()),
        OSSL_PARAM_construct_end()};
    std::string out(length, '\0');
    const bool ok = ctx && EVP_KDF_derive(ctx, reinterpret_cast<unsigned char*>(out.data()), length, params) == 1;
    EVP_KDF_CTX_free(ctx);
    EVP_KDF_free(kdf);
    return ok ? out : std::string();
}

// RFC 8291 on the receiving side.
std::optional<std::string> open_body(const std::string& body, const Keys& ua, const std::string& auth,
                                     std::string* problem) {
    if (body.size() < 16 + 4 + 1 + 65 + 17) return *problem = "body too short", std::nullopt;
    const std::string salt = body.substr(0, 16);
    const unsigned rs = (unsigned(std::uint8_t(body[16])) << 24) | (unsigned(std::uint8_t(body[17])) << 16) |
                        (unsigned(std::uint8_t(body[18])) << 8) | std::uint8_t(body[19]);
    if (rs != 4096) return *problem = "record size " + std::to_string(rs), std::nullopt;
    if (std::uint8_t(body[20]) != 65) return *problem = "key id length", std::nullopt;
    const std::string as_public = body.substr(21, 65);
    const std::string sealed = body.substr(86);
    EVP_PKEY* peer = public_key_of(as_public);
    EVP_PKEY_CTX* dctx = EVP_PKEY_CTX_new(ua.key, nullptr);
    std::string secret(32, '\0');
    std::size_t len = secret.size();
    const bool derived = peer && dctx && EVP_PKEY_derive_init(dctx) == 1 &&
                         EVP_PKEY_derive_set_peer(dctx, peer) == 1 &&
                         EVP_PKEY_derive(dctx, reinterpret_cast<unsigned char*>(secret.data()), &len) == 1;
    EVP_PKEY_CTX_free(dctx);
    EVP_PKEY_free(peer);
    if (!derived) return *problem = "ECDH failed", std::nullopt;
    const std::string ikm = hkdf(auth, secret, std::string("WebPush: info\0", 14) + ua.public_point + as_public, 32);
    const std::string cek = hkdf(salt, ikm, std::string("Content-Encoding: aes128gcm\0", 28), 16);
    const std::string nonce = hkdf(salt, ikm, std::string("Content-Encoding: nonce\0", 24), 12);
    const std::string cipher = sealed.substr(0, sealed.size() - 16);
    std::string tag = sealed.substr(sealed.size() - 16);
    std::string plain(cipher.size(), '\0');
    EVP_CIPHER_CTX* c = EVP_CIPHER_CTX_new();
    int n1 = 0, n2 = 0;
    const bool ok =
        EVP_DecryptInit_ex(c, EVP_aes_128_gcm(), nullptr, reinterpret_cast<const unsigned char*>(cek.data()),
                           reinterpret_cast<const unsigned char*>(nonce.data())) == 1 &&
        EVP_DecryptUpdate(c, reinterpret_cast<unsigned char*>(plain.data()), &n1,
                          reinterpret_cast<const unsigned char*>(cipher.data()), static_cast<int>(cipher.size())) == 1 &&
        EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_TAG, 16, tag.data()) == 1 &&
        EVP_DecryptFinal_ex(c, reinterpret_cast<unsigned char*>(plain.data()) + n1, &n2) == 1;
    EVP_CIPHER_CTX_free(c);
    if (!ok) return *problem = "the body does not open", std::nullopt;
    plain.resize(static_cast<std::size_t>(n1 + n2));
    if (plain.empty() || plain.back() != '\x02') return *problem = "no delimiter 0x02", std::nullopt;
    plain.pop_back();
    return plain;
}

// ES256 over "header.claims" with the raw r||s signature.
bool jwt_verifies(const std::string& jwt, const std::string& key_point, std::string* claims) {
    const auto d1 = jwt.find('.');
    const auto d2 = jwt.rfind('.');
    if (d1 == std::string::npos || d1 == d2) return false;
    const auto header = unb64url(jwt.substr(0, d1));
    const auto body = unb64url(jwt.substr(d1 + 1, d2 - d1 - 1));
    const auto sig = unb64url(jwt.substr(d2 + 1));
    if (!header || !body || !sig || sig->size() != 64) return false;
    if (header->find("\"ES256\"") == std::string::npos) return false;
    ECDSA_SIG* s = ECDSA_SIG_new();
    ECDSA_SIG_set0(s, BN_bin2bn(reinterpret_cast<const unsigned char*>(sig->data()), 32, nullptr),
                   BN_bin2bn(reinterpret_cast<const unsigned char*>(sig->data()) + 32, 32, nullptr));
    unsigned char* der = nullptr;
    const int der_len = i2d_ECDSA_SIG(s, &der);
    ECDSA_SIG_free(s);
    EVP_PKEY* key = public_key_of(key_point);
    EVP_MD_CTX* md = EVP_MD_CTX_new();
    const std::string input = jwt.substr(0, d2);
    const bool ok = key && der_len > 0 &&
                    EVP_DigestVerifyInit(md, nullptr, EVP_sha256(), nullptr, key) == 1 &&
                    EVP_DigestVerify(md, der, static_cast<std::size_t>(der_len),
                                     reinterpret_cast<const unsigned char*>(input.data()), input.size()) == 1;
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(key);
    OPENSSL_free(der);
    if (ok) *claims = *body;
    return ok;
}

}  // namespace

struct PushMock::Impl {
    bool tls_on = false;
    std::optional<asio::ssl::context> tls;
    std::string cert_file;
    int tls_failures = 0;
    asio::io_context ioc;
    tcp::acceptor acceptor{ioc};
    std::thread thread;
    mutable std::mutex mutex;
    mutable std::condition_variable changed;
    std::map<int, std::unique_ptr<Keys>> keys;
    std::map<int, std::string> auths;
    std::map<int, int> statuses;
    std::string expected_key;
    std::vector<MockPush> pushes;
    int next_device = 1;

    std::string origin() const;

    void accept() {
        acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
            if (ec) return;
            if (!tls) {
                serve(std::make_shared<beast::tcp_stream>(std::move(socket)));
            } else {
                auto s = std::make_shared<beast::ssl_stream<beast::tcp_stream>>(
                    beast::tcp_stream(std::move(socket)), *tls);
                s->async_handshake(asio::ssl::stream_base::server, [this, s](beast::error_code ec) {
                    if (ec) {
                        std::lock_guard lock(mutex);
                        ++tls_failures;
                        return;
                    }
                    serve(s);
                });
            }
            accept();
        });
    }

    // Makes a P-256 key and a self-signed certificate for 127.0.0.1 (10 years from a day ago),
    // serves with them, and writes the certificate to dir/cert.pem.
    void make_certificate(const std::string& dir) {
        EVP_PKEY* key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
        X509* x = X509_new();
        X509_set_version(x, 2);
        ASN1_INTEGER_set(X509_get_serialNumber(x), 1);
        X509_gmtime_adj(X509_getm_notBefore(x), -86400);
        X509_gmtime_adj(X509_getm_notAfter(x), 86400L * 3650);
        X509_set_pubkey(x, key);
        X509_NAME* name = X509_get_subject_name(x);
        X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                                   reinterpret_cast<const unsigned char*>("127.0.0.1"), -1, -1, 0);
        X509_set_issuer_name(x, name);
        X509V3_CTX v3;
        X509V3_set_ctx_nodb(&v3);
        X509V3_set_ctx(&v3, x, x, nullptr, nullptr, 0);
        for (const auto& [nid, value] : {std::pair{NID_subject_alt_name, "IP:127.0.0.1"},
                                         std::pair{NID_basic_constraints, "critical,CA:TRUE"},
                                         std::pair{NID_key_usage, "digitalSignature,keyCertSign"}}) {
            X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &v3, nid, value);
            X509_add_ext(x, ext, -1);
            X509_EXTENSION_free(ext);
        }
        X509_sign(x, key, EVP_sha256());
        cert_file = dir + "/cert.pem";
        if (FILE* f = std::fopen(cert_file.c_str(), "w")) {
            PEM_write_X509(f, x);
            std::fclose(f);
        }
        tls.emplace(asio::ssl::context::tls_server);
        SSL_CTX_use_certificate(tls->native_handle(), x);
        SSL_CTX_use_PrivateKey(tls->native_handle(), key);
        X509_free(x);
        EVP_PKEY_free(key);
    }

    template <class Stream>
    void serve(std::shared_ptr<Stream> stream) {
        auto buffer = std::make_shared<beast::flat_buffer>();
        auto req = std::make_shared<http::request<http::string_body>>();
        http::async_read(*stream, *buffer, *req, [this, stream, buffer, req](beast::error_code ec, std::size_t) {
            if (ec) return;
            auto res = std::make_shared<http::response<http::string_body>>(handle(*req), req->version());
            res->set(http::field::connection, "close");
            res->prepare_payload();
            http::async_write(*stream, *res, [stream, res](beast::error_code, std::size_t) {
                beast::error_code ignored;
                beast::get_lowest_layer(*stream).socket().shutdown(tcp::socket::shutdown_both, ignored);
            });
        });
    }

    http::status handle(const http::request<http::string_body>& req) {
        const std::string target(req.target());
        if (req.method() != http::verb::post || target.rfind("/push/", 0) != 0) return http::status::not_found;
        const int device = std::atoi(target.c_str() + 6);
        MockPush p;
        p.device = device;
        p.ttl = std::string(req["TTL"]);
        p.topic = std::string(req["Topic"]);
        p.urgency = std::string(req["Urgency"]);
        p.encoding = std::string(req["Content-Encoding"]);
        const std::string authz(req[http::field::authorization]);
        std::lock_guard lock(mutex);
        const auto t = authz.find("t=");
        const auto k = authz.find(", k=");
        if (authz.rfind("vapid ", 0) != 0 || t == std::string::npos || k == std::string::npos) {
            p.problem = "no vapid Authorization";
        } else {
            const std::string jwt = authz.substr(t + 2, k - t - 2);
            const std::string key = authz.substr(k + 4);
            const auto point = unb64url(key);
            if (key != expected_key) {
                p.problem = "k is not the server's key";
            } else if (!point || !jwt_verifies(jwt, *point, &p.claims)) {
                p.problem = "the JWT does not verify";
            } else if (p.claims.find("\"aud\":\"" + origin() + "\"") == std::string::npos) {
                p.problem = "aud is not this origin: " + p.claims;
            } else {
                p.jwt_ok = true;
            }
        }
        const auto it = keys.find(device);
        if (it == keys.end()) {
            p.problem += "; unknown device";
        } else if (p.encoding != "aes128gcm" || p.ttl.empty()) {
            p.problem += "; headers";
        } else if (auto plain = open_body(req.body(), *it->second, auths[device], &p.problem)) {
            p.decrypted = true;
            p.payload = *plain;
        }
        pushes.push_back(p);
        changed.notify_all();
        const auto s = statuses.find(device);
        return s == statuses.end() ? http::status::created : static_cast<http::status>(s->second);
    }
};

std::string PushMock::Impl::origin() const {
    return std::string(tls_on ? "https" : "http") + "://127.0.0.1:" +
           std::to_string(acceptor.local_endpoint().port());
}

PushMock::PushMock(bool tls) : impl_(std::make_unique<Impl>()) {
    if (tls) {
        char pattern[] = "/tmp/pinfall-pushmock-XXXXXX";
        if (::mkdtemp(pattern)) impl_->make_certificate(pattern);
        impl_->tls_on = true;
    }
    const tcp::endpoint at(asio::ip::make_address("127.0.0.1"), 0);
    impl_->acceptor.open(at.protocol());
    impl_->acceptor.set_option(asio::socket_base::reuse_address(true));
    impl_->acceptor.bind(at);
    impl_->acceptor.listen();
    impl_->accept();
    impl_->thread = std::thread([this] { impl_->ioc.run(); });
}

PushMock::~PushMock() {
    impl_->ioc.stop();
    impl_->thread.join();
    if (!impl_->cert_file.empty()) {
        std::error_code ec;
        std::filesystem::remove_all(std::filesystem::path(impl_->cert_file).parent_path(), ec);
    }
}

const std::string& PushMock::cert_file() const { return impl_->cert_file; }

int PushMock::tls_failures() const {
    std::lock_guard lock(impl_->mutex);
    return impl_->tls_failures;
}

unsigned short PushMock::port() const { return impl_->acceptor.local_endpoint().port(); }

std::string PushMock::origin() const { return impl_->origin(); }

MockDevice PushMock::add_device() {
    auto keys = new_keys();
    std::string auth(16, '\0');
    RAND_bytes(reinterpret_cast<unsigned char*>(auth.data()), 16);
    std::lock_guard lock(impl_->mutex);
    MockDevice d;
    d.n = impl_->next_device++;
    d.endpoint = origin() + "/push/" + std::to_string(d.n);
    d.p256dh = b64url(keys->public_point);
    d.auth = b64url(auth);
    impl_->keys[d.n] = std::move(keys);
    impl_->auths[d.n] = auth;
    return d;
}

void PushMock::set_status(int device, int status) {
    std::lock_guard lock(impl_->mutex);
    impl_->statuses[device] = status;
}

void PushMock::expect_key(const std::string& key) {
    std::lock_guard lock(impl_->mutex);
    impl_->expected_key = key;
}

std::vector<MockPush> PushMock::pushes() const {
    std::lock_guard lock(impl_->mutex);
    return impl_->pushes;
}

std::vector<MockPush> PushMock::pushes_to(int device) const {
    std::vector<MockPush> out;
    for (auto& p : pushes()) {
        if (p.device == device) out.push_back(p);
    }
    return out;
}

std::size_t PushMock::count() const {
    std::lock_guard lock(impl_->mutex);
    return impl_->pushes.size();
}

bool PushMock::wait_count(std::size_t n, std::chrono::milliseconds timeout) const {
    std::unique_lock lock(impl_->mutex);
    return impl_->changed.wait_for(lock, timeout, [&] { return impl_->pushes.size() >= n; });
}

}  // namespace pinfall::test
