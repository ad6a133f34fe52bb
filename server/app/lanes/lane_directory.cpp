#include "server/app/lanes/lane_directory.hpp"

#include <boost/asio/post.hpp>
#include <openssl/rand.h>

#include <algorithm>
#include <stdexcept>

namespace pinfall::server {
namespace {

constexpr std::string_view kCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";  // 31 symbols
// 31^8 = 8.5e11 codes: with the budget of codes that find no lane (--lane-misses-per-ip),
// guessing an open lane's code is hopeless. Lanes opened before codes had 8 characters keep
// their 6.
constexpr std::size_t kCodeLength = 8;
constexpr std::size_t kOldCodeLength = 6;
constexpr int kCodeAttempts = 8;

}  // namespace

std::string random_lane_code() {
    std::string code;
    while (code.size() < kCodeLength) {
        unsigned char bytes[16];
        if (RAND_bytes(bytes, sizeof bytes) != 1) throw std::runtime_error("RAND_bytes failed");
        for (const unsigned char b : bytes) {
            // Rejection sampling: 248 = 8 * 31, so every symbol is equally likely.
            if (b < 248 && code.size() < kCodeLength) code += kCodeAlphabet[b % 31];
        }
    }
    return code;
}

bool looks_like_lane_code(const std::string& code) {
    if (code.size() != kCodeLength && code.size() != kOldCodeLength) return false;
    for (const char c : code) {
        const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (kCodeAlphabet.find(upper) == std::string_view::npos) return false;
    }
    return true;
}

std::shared_ptr<LaneRoom> LaneDirectory::adopt(const storage::LaneRow& row) {
    {
        std::lock_guard lock(mutex_);
        if (const auto it = lanes_.find(row.code); it != lanes_.end() && !it->second->broken()) {
            return it->second;
        }
    }
    auto room = LaneRoom::restore(pool_.next(), row, ctx_, node_);
    if (!room) return nullptr;
    bool missed = false;
    {
        std::lock_guard lock(mutex_);
        auto& slot = lanes_[row.code];
        if (slot && !slot->broken()) return slot;
        slot = room;
        const auto it = recent_.find(row.code);
        missed = it != recent_.end() && it->second > row.version;
    }
    if (missed) boost::asio::post(room->executor(), [room] { room->refresh(); });
    return room;
}

void LaneDirectory::heard(LaneNotice n) {
    if (n.node == node_) return;
    std::shared_ptr<LaneRoom> room;
    {
        std::lock_guard lock(mutex_);
        if (const auto it = lanes_.find(n.code); it != lanes_.end()) {
            room = it->second;
        } else {
            if (recent_.size() >= kRecentMax) recent_.clear();
            auto& v = recent_[n.code];
            v = std::max(v, n.version);
            return;
        }
    }
    boost::asio::post(room->executor(), [room, n = std::move(n)] { room->heard(n); });
}

void LaneDirectory::open(storage::LaneRow row, std::optional<storage::LaneMemberRow> opener,
                         Callback done) {
    auto shared = std::make_shared<storage::LaneRow>(std::move(row));
    ctx_.storage.write(
        [shared, opener](storage::Store& s) {
            storage::Status st;
            for (int attempt = 0; attempt < kCodeAttempts; ++attempt) {
                shared->code = random_lane_code();
                st = s.lanes().create(*shared);
                if (!st.is_conflict()) break;
            }
            if (st.is_ok() && opener) {
                st = s.lanes().add_member(shared->id, *opener);
                if (st.is_ok()) {
                    shared->members.push_back(*opener);
                    shared->version = 1;
                    st = s.lanes().set_version(shared->id, 1);
                }
            }
            return st;
        },
        [this, shared, done](const storage::Status& st) {
            if (!st.is_ok()) return done(nullptr, st);
            done(adopt(*shared), st);
        });
}

void LaneDirectory::evict_idle(std::chrono::steady_clock::time_point cutoff) {
    std::vector<std::shared_ptr<LaneRoom>> idle;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [code, room] : lanes_) {
            if (room->last_active() < cutoff) idle.push_back(room);
        }
    }
    for (auto& room : idle) {
        boost::asio::post(room->executor(), [this, room, cutoff] {
            if (!room->evict_if_idle(cutoff)) return;
            std::lock_guard lock(mutex_);
            if (const auto it = lanes_.find(room->code()); it != lanes_.end() && it->second == room) {
                lanes_.erase(it);
                ctx_.metrics.lanes_evicted.fetch_add(1);
            }
        });
    }
}

void LaneDirectory::find(const std::string& raw, Callback done) {
    std::string code = raw;
    for (char& c : code) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (!looks_like_lane_code(code)) return done(nullptr, storage::Status::not_found());
    {
        std::lock_guard lock(mutex_);
        if (const auto it = lanes_.find(code); it != lanes_.end() && !it->second->broken()) {
            return done(it->second, storage::Status());
        }
    }
    auto row = std::make_shared<storage::LaneRow>();
    ctx_.storage.write(  // a transaction: one consistent state (LaneStore::by_code)
        [row, code](storage::Store& s) {
            auto found = s.lanes().by_code(code);
            if (!found) return storage::Status::not_found("no lane " + code);
            *row = std::move(*found);
            return storage::Status::ok();
        },
        [this, row, done](const storage::Status& st) {
            if (!st.is_ok()) return done(nullptr, st);
            done(adopt(*row), st);
        });
}

}  // namespace pinfall::server
