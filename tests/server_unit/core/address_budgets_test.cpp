// AddressBudgets: a burst of `limit`, then an even refill over the window; keys independent;
// take_both pays for both keys or neither; full buckets forgotten.
#include "server/app/core/address_budgets.hpp"

#include <catch2/catch.hpp>

namespace {

using pinfall::server::AddressBudgets;
using namespace std::chrono_literals;

AddressBudgets::Limits limits(std::uint32_t games) {
    AddressBudgets::Limits l;
    l.limit[AddressBudgets::kGameStart] = games;
    l.window = 60s;
    return l;
}

TEST_CASE("a budget allows a burst, then refills evenly over its window") {
    AddressBudgets b(limits(6));
    const auto t0 = AddressBudgets::Clock::time_point{} + 1h;
    for (int i = 0; i < 6; ++i) CHECK(b.take(AddressBudgets::kGameStart, "a:1.2.3.4", t0));
    CHECK_FALSE(b.take(AddressBudgets::kGameStart, "a:1.2.3.4", t0));
    CHECK(b.retry_after_s(AddressBudgets::kGameStart, "a:1.2.3.4", t0) == 10);
    // Another address is not affected.
    CHECK(b.take(AddressBudgets::kGameStart, "a:5.6.7.8", t0));
    // One token every 10 s.
    CHECK_FALSE(b.take(AddressBudgets::kGameStart, "a:1.2.3.4", t0 + 9s));
    CHECK(b.take(AddressBudgets::kGameStart, "a:1.2.3.4", t0 + 10s));
    CHECK_FALSE(b.take(AddressBudgets::kGameStart, "a:1.2.3.4", t0 + 11s));
    // Unlimited kinds always pass.
    for (int i = 0; i < 1000; ++i) CHECK(b.take(AddressBudgets::kNewGuest, "a:1.2.3.4", t0));
}

TEST_CASE("take_both pays for both keys or for neither") {
    AddressBudgets b(limits(2));
    const auto t0 = AddressBudgets::Clock::time_point{} + 1h;
    CHECK(b.take(AddressBudgets::kGameStart, "g:1", t0));
    CHECK(b.take(AddressBudgets::kGameStart, "g:1", t0));  // the guest is spent
    CHECK_FALSE(b.take_both(AddressBudgets::kGameStart, "a:1.2.3.4", "g:1", t0));
    // The address paid nothing: it still has both tokens.
    CHECK(b.take_both(AddressBudgets::kGameStart, "a:1.2.3.4", "g:2", t0));
    CHECK(b.take_both(AddressBudgets::kGameStart, "a:1.2.3.4", "g:3", t0));
    CHECK_FALSE(b.take_both(AddressBudgets::kGameStart, "a:1.2.3.4", "g:4", t0));
}

TEST_CASE("keys whose buckets are full again are forgotten") {
    AddressBudgets b(limits(3));
    const auto t0 = AddressBudgets::Clock::time_point{} + 1h;
    for (int i = 0; i < 100; ++i) b.take(AddressBudgets::kGameStart, "a:" + std::to_string(i), t0);
    CHECK(b.tracked() == 100);
    b.take(AddressBudgets::kGameStart, "a:late", t0 + 61s);
    CHECK(b.tracked() == 1);
}

}  // namespace
