// engine::sha256 and engine::hmac_seed (written over SHA256_Init/Update/Final, without OpenSSL's
// fetching one-shots): FIPS 180-2's SHA-256 examples, RFC 4231's HMAC-SHA-256 test cases (keys
// shorter than, equal to and longer than the 64-byte block), and agreement with OpenSSL's own
// SHA256() and HMAC() over every key and message length from 0 to 200 bytes.
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <catch2/catch.hpp>
#include <string>

#include "engine/seed.hpp"

namespace {

using namespace pinfall::engine;

std::string unhex(std::string_view hex) {
    std::string out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
        out.push_back(static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
    }
    return out;
}

}  // namespace

TEST_CASE("sha256 gives FIPS 180-2's digests") {
    CHECK(digest_hex(sha256("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(digest_hex(sha256("abc")) ==
          "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(digest_hex(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")) ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    CHECK(digest_hex(sha256(std::string(1000000, 'a'))) ==
          "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("hmac_seed gives RFC 4231's HMAC-SHA-256 values") {
    struct Case {
        std::string key, data, mac;
    };
    const std::string long_key(131, '\xaa');
    const Case cases[] = {
        {std::string(20, '\x0b'), "Hi There",
         "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},
        {"Jefe", "what do ya want for nothing?",
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"},
        {std::string(20, '\xaa'), std::string(50, '\xdd'),
         "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"},
        {unhex("0102030405060708090a0b0c0d0e0f10111213141516171819"), std::string(50, '\xcd'),
         "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"},
        {long_key, "Test Using Larger Than Block-Size Key - Hash Key First",
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"},
        {long_key,
         "This is a test using a larger than block-size key and a larger than block-size data. "
         "The key needs to be hashed before being used by the HMAC algorithm.",
         "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"},
    };
    for (const auto& c : cases) {
        INFO("key of " << c.key.size() << " bytes, data of " << c.data.size());
        CHECK(seed_hex(hmac_seed(c.key, c.data)) == c.mac);
    }
}

TEST_CASE("sha256 and hmac_seed agree with OpenSSL's one-shots at every length to 200 bytes") {
    std::string bytes;
    for (int i = 0; i < 200; ++i) bytes.push_back(static_cast<char>(i * 37 + 11));
    for (std::size_t n = 0; n <= bytes.size(); ++n) {
        const std::string_view part(bytes.data(), n);
        Digest expected{};
        SHA256(reinterpret_cast<const unsigned char*>(part.data()), n, expected.data());
        INFO("length " << n);
        CHECK(digest_hex(sha256(part)) == digest_hex(expected));
        // The same bytes as key (every length across the block size) and as message.
        Seed mac{};
        unsigned int len = 0;
        REQUIRE(HMAC(EVP_sha256(), part.data(), static_cast<int>(n),
                     reinterpret_cast<const unsigned char*>(bytes.data()), 64 + n % 7, mac.data(),
                     &len) != nullptr);
        CHECK(seed_hex(hmac_seed(part, std::string_view(bytes.data(), 64 + n % 7))) ==
              seed_hex(mac));
        REQUIRE(HMAC(EVP_sha256(), "k", 1, reinterpret_cast<const unsigned char*>(part.data()), n,
                     mac.data(), &len) != nullptr);
        CHECK(seed_hex(hmac_seed("k", part)) == seed_hex(mac));
    }
}
