#include "server/app/lane_directory.hpp"

#include <boost/asio/strand.hpp>
#include <openssl/rand.h>

#include <stdexcept>

namespace pinfall::server {
namespace {

constexpr std::string_view kCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";  // 31 symbols
constexpr int kCodeLength = 6;
constexpr int kCodeAttempts = 8;

}  // namespace

std::string random_lane_code() {
    unsigned char bytes[kCodeLength];
    if (RAND_bytes(bytes, kCodeLength) != 1) throw std::runtime_error("RAND_bytes failed");
    std::string code;
    for (const unsigned char b : bytes) code += kCodeAlphabet[b % kCodeAlphabet.size()];
    return code;
}

bool looks_like_lane_code(const std::string& code) {
    if (code.size() != kCodeLength) return false;
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
    auto room = LaneRoom::restore(boost::asio::make_strand(ioc_), row, ctx_);
    if (!room) return nullptr;
    std::lock_guard lock(mutex_);
    auto& slot = lanes_[row.code];
    if (!slot || slot->broken()) slot = room;
    return slot;
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
    ctx_.storage.read(
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
