// pinfall-loadgen: a log-linear latency histogram in the manner of HdrHistogram.
//
// Contract: record() takes a value in nanoseconds (any uint64). Values below 2^kSubBits are
// kept exactly; above, each power of two [2^e, 2^(e+1)) is split into 2^kSubBits equal
// buckets, so a recorded value is known to within 1/2^kSubBits of itself (0.8 %). Memory is
// fixed (about 58 KiB), recording is O(1) and never allocates. percentile(p) returns the highest
// value that falls in the bucket holding the ceil(p/100 * count)-th smallest sample, clamped to
// the largest value recorded, i.e. it errs high (never reports a latency better than measured).
// Not thread-safe: one histogram per thread, merge() to combine.
//
// Example: 100 samples of 1..100 us give percentile(99) == 99 us within 0.8 %, never less.
#pragma once

#include <array>
#include <cstdint>

namespace pinfall::loadgen {

class Histogram {
   public:
    static constexpr int kSubBits = 7;
    static constexpr std::uint64_t kSubCount = std::uint64_t{1} << kSubBits;
    // Indices 0..127 are exact values; then 128 buckets for each exponent 7..63.
    static constexpr std::size_t kBuckets = (64 - kSubBits) * kSubCount + kSubCount;

    void record(std::uint64_t value);
    void merge(const Histogram& other);
    void reset();

    std::uint64_t count() const { return count_; }
    std::uint64_t min() const { return count_ ? min_ : 0; }
    std::uint64_t max() const { return max_; }
    double mean() const;
    // p in [0, 100]; 0 when nothing was recorded.
    std::uint64_t percentile(double p) const;

    // Bucket arithmetic, exposed for the self-check in main (--self-test).
    static std::size_t index_of(std::uint64_t value);
    static std::uint64_t highest_in(std::size_t index);
    static std::uint64_t lowest_in(std::size_t index);

   private:
    std::array<std::uint64_t, kBuckets> counts_{};
    std::uint64_t count_ = 0;
    std::uint64_t min_ = UINT64_MAX;
    std::uint64_t max_ = 0;
    long double sum_ = 0;
};

}  // namespace pinfall::loadgen
