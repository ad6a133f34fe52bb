// pinfall-loadgen: log-linear histogram (see histogram.hpp for the contract).
#include "histogram.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace pinfall::loadgen {

std::size_t Histogram::index_of(std::uint64_t value) {
    if (value < kSubCount) return static_cast<std::size_t>(value);
    const int exponent = 63 - std::countl_zero(value);  // >= kSubBits
    const int shift = exponent - kSubBits;
    // value >> shift lies in [kSubCount, 2 * kSubCount).
    return static_cast<std::size_t>(shift) * kSubCount + static_cast<std::size_t>(value >> shift);
}

std::uint64_t Histogram::lowest_in(std::size_t index) {
    if (index < 2 * kSubCount) return index;
    const std::size_t shift = index / kSubCount - 1;
    const std::uint64_t top = index - shift * kSubCount;  // in [kSubCount, 2 * kSubCount)
    return top << shift;
}

std::uint64_t Histogram::highest_in(std::size_t index) {
    if (index < 2 * kSubCount) return index;
    const std::size_t shift = index / kSubCount - 1;
    return lowest_in(index) + ((std::uint64_t{1} << shift) - 1);
}

void Histogram::record(std::uint64_t value) {
    ++counts_[index_of(value)];
    ++count_;
    min_ = std::min(min_, value);
    max_ = std::max(max_, value);
    sum_ += static_cast<long double>(value);
}

void Histogram::merge(const Histogram& other) {
    for (std::size_t i = 0; i < kBuckets; ++i) counts_[i] += other.counts_[i];
    count_ += other.count_;
    min_ = std::min(min_, other.min_);
    max_ = std::max(max_, other.max_);
    sum_ += other.sum_;
}

void Histogram::reset() { *this = Histogram{}; }

double Histogram::mean() const {
    return count_ ? static_cast<double>(sum_ / static_cast<long double>(count_)) : 0.0;
}

std::uint64_t Histogram::percentile(double p) const {
    if (count_ == 0) return 0;
    p = std::clamp(p, 0.0, 100.0);
    auto rank = static_cast<std::uint64_t>(std::ceil(p / 100.0 * static_cast<double>(count_)));
    rank = std::clamp<std::uint64_t>(rank, 1, count_);
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < kBuckets; ++i) {
        seen += counts_[i];
        if (seen >= rank) return std::min(highest_in(i), max_);
    }
    return max_;
}

}  // namespace pinfall::loadgen
