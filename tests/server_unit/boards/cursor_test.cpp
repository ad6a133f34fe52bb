// Leaderboard cursors: what make_cursor writes, read_cursor reads back with the same secret and
// board key; a cursor for another board, date or secret, or with any edited character, is
// refused, as is text that was never a cursor.
#include "server/app/boards/cursor.hpp"

#include <catch2/catch.hpp>
#include <string>

namespace {

using namespace pinfall::server;

const std::string kSecret = "example-secret";
const CursorKey kDaily{"daily", "2026-11-29"};

TEST_CASE("a cursor reads back as its offset") {
    const std::uint64_t offsets[] = {0, 1, 50, 1234567, 999999999999};
    for (const auto offset : offsets) {
        INFO(offset);
        const std::string c = make_cursor(kSecret, kDaily, offset);
        CHECK(read_cursor(kSecret, kDaily, c) == offset);
    }
    const CursorKey all_time{"best", ""};
    CHECK(read_cursor(kSecret, all_time, make_cursor(kSecret, all_time, 100)) == 100u);
}

TEST_CASE("a cursor for another board, date or secret is refused") {
    const std::string c = make_cursor(kSecret, kDaily, 50);
    CHECK_FALSE(read_cursor(kSecret, CursorKey{"average", "2026-11-29"}, c));
    CHECK_FALSE(read_cursor(kSecret, CursorKey{"daily", "2026-11-28"}, c));
    CHECK_FALSE(read_cursor(kSecret, CursorKey{"daily", ""}, c));
    CHECK_FALSE(read_cursor("another-secret", kDaily, c));
    CHECK_FALSE(read_cursor("", kDaily, c));
}

TEST_CASE("an edited cursor is refused") {
    const std::string c = make_cursor(kSecret, kDaily, 50);
    REQUIRE(c.rfind("50.", 0) == 0);
    CHECK_FALSE(read_cursor(kSecret, kDaily, "51" + c.substr(2)));
    CHECK_FALSE(read_cursor(kSecret, kDaily, "050" + c.substr(2)));
    CHECK_FALSE(read_cursor(kSecret, kDaily, "+50" + c.substr(2)));
    CHECK_FALSE(read_cursor(kSecret, kDaily, "5" + c.substr(2)));
    // Every single-character edit, anywhere in the cursor.
    for (std::size_t i = 0; i < c.size(); ++i) {
        std::string edited = c;
        edited[i] = edited[i] == '0' ? '1' : '0';
        INFO(edited);
        CHECK_FALSE(read_cursor(kSecret, kDaily, edited));
    }
    CHECK_FALSE(read_cursor(kSecret, kDaily, c + "0"));
    CHECK_FALSE(read_cursor(kSecret, kDaily, c.substr(0, c.size() - 1)));
}

TEST_CASE("text that is no cursor is refused") {
    const char* junk[] = {"",
                          ".",
                          "50",
                          "50.",
                          "abc.daily.2026-11-29.0123456789abcdef",
                          "-1.daily.2026-11-29.0123456789abcdef",
                          "99999999999999999999.daily.2026-11-29.0123456789abcdef"};
    for (const char* j : junk) {
        INFO(j);
        CHECK_FALSE(read_cursor(kSecret, kDaily, j));
    }
}

}  // namespace
