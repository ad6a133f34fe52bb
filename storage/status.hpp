// Storage results (docs/style.md habit 2): environment failures (busy, disk, corruption) and
// expected outcomes (not found, conflict) as a cheap value, never an exception.
#pragma once

#include <string>
#include <utility>

namespace pinfall::storage {

class Status {
   public:
    enum class Code { kOk, kNotFound, kConflict, kError };

    Status() = default;
    static Status ok() { return Status(); }
    static Status not_found(std::string m = "not found") { return {Code::kNotFound, std::move(m)}; }
    // A uniqueness rule refused the write (name taken, second daily attempt, ...).
    static Status conflict(std::string m) { return {Code::kConflict, std::move(m)}; }
    static Status error(std::string m) { return {Code::kError, std::move(m)}; }

    bool is_ok() const { return code_ == Code::kOk; }
    bool is_not_found() const { return code_ == Code::kNotFound; }
    bool is_conflict() const { return code_ == Code::kConflict; }
    Code code() const { return code_; }
    const std::string& message() const { return message_; }

   private:
    Status(Code c, std::string m) : code_(c), message_(std::move(m)) {}
    Code code_ = Code::kOk;
    std::string message_;
};

}  // namespace pinfall::storage
