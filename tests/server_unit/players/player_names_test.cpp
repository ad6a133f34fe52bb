// Display names: trimmed of spaces, 3-24 characters of ASCII letters, digits, space, '_' and
// '-'; the uniqueness key is the name in lower case.
#include "server/app/players/player_names.hpp"

#include <catch2/catch.hpp>
#include <optional>
#include <string>

namespace {

using namespace pinfall::server;
using namespace std::string_literals;

TEST_CASE("player names are trimmed and checked") {
    struct Case {
        std::string raw;
        std::optional<std::string> name;
    };
    const Case cases[] = {
        {"Ann", "Ann"},
        {"  Ann  ", "Ann"},
        {"Ann Lee", "Ann Lee"},
        {"a_b-c 9", "a_b-c 9"},
        {"123", "123"},
        {"---", "---"},
        {"abc", "abc"},
        {"ab", std::nullopt},
        {"  ab  ", std::nullopt},  // three characters only with the spaces
        {"", std::nullopt},
        {"     ", std::nullopt},
        {std::string(24, 'x'), std::string(24, 'x')},
        {"  " + std::string(24, 'x') + "  ", std::string(24, 'x')},
        {std::string(25, 'x'), std::nullopt},
        {"Ann!", std::nullopt},
        {"Ann.Lee", std::nullopt},
        {"Ann\tLee", std::nullopt},
        {"\tAnn", std::nullopt},
        {"Ann\n", std::nullopt},
        {"Zoë", std::nullopt},
        {"J\xc3\xb6rg", std::nullopt},
        {"Ann\0Lee"s, std::nullopt},
        {"<script>", std::nullopt},
        {"a'b", std::nullopt},
    };
    for (const auto& c : cases) {
        INFO("'" << c.raw << "'");
        CHECK(normalize_player_name(c.raw) == c.name);
    }
}

TEST_CASE("the name key ignores case") {
    CHECK(player_name_key("Ann Lee") == "ann lee");
    CHECK(player_name_key("ANN LEE") == player_name_key("ann lee"));
    CHECK(player_name_key("a_B-9") == "a_b-9");
    CHECK(player_name_key("Ann") != player_name_key("Anne"));
}

}  // namespace

TEST_CASE("labels count characters, not bytes") {
    using pinfall::server::char_count;
    using pinfall::server::clean_label;
    std::string e24, e25;
    for (int i = 0; i < 24; ++i) e24 += "\xC3\xA9";  // e-acute: 2 bytes, 1 character
    e25 = e24 + "\xE2\x82\xAC";                      // the euro sign: 3 bytes
    CHECK(char_count(e24) == 24);
    CHECK(char_count(e25) == 25);
    CHECK(char_count("\xF0\x9F\x8E\xB3") == 1);  // the bowling emoji: 4 bytes
    CHECK(clean_label(e24, 1, 24) == e24);
    CHECK_FALSE(clean_label(e25, 1, 24));
    CHECK(clean_label("  Lane 3  ", 1, 24) == "Lane 3");
    CHECK_FALSE(clean_label("   ", 1, 24));
    CHECK_FALSE(clean_label("tab\there", 1, 24));
    CHECK_FALSE(clean_label("ab", 3, 40));
}
