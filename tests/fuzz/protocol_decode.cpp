// Fuzz target: the request decoder (protocol/decode.cpp, decode_fast.cpp) on arbitrary text.
// Invariants: neither path throws; every refusal carries a code of the protocol's closed set;
// every accepted request holds values within the decoder's documented ranges; wherever the fast
// path accepts a message the full decoder accepts it with the same id, type and values (so
// decode_request, which tries the fast path first, answers exactly as the full decoder), at the
// default depth and at the smallest depth a hot message needs (2). Requests have no encoder in
// protocol/ (only server messages do), so the round trip is checked for the hot game actions
// alone: a canonical text of each decoded one decodes to the same request by both paths.
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "fuzz_check.hpp"
#include "protocol/decode_fast.hpp"
#include "protocol/messages.hpp"

namespace {

using namespace pinfall::protocol;

bool is_hot(const Request& r) {
    return std::holds_alternative<PlayRequest>(r.body) ||
           std::holds_alternative<StopRequest>(r.body) ||
           std::holds_alternative<ResignRequest>(r.body) ||
           std::holds_alternative<SnapshotRequest>(r.body);
}

GameId hot_game(const Request& r) {
    if (const auto* p = std::get_if<PlayRequest>(&r.body)) return p->game;
    if (const auto* s = std::get_if<StopRequest>(&r.body)) return s->game;
    if (const auto* s = std::get_if<ResignRequest>(&r.body)) return s->game;
    return std::get<SnapshotRequest>(r.body).game;
}

// Equal id, alternative and values. REQUIRES: a is one of the four hot types.
bool same_hot(const Request& a, const Request& b) {
    if (a.id != b.id || a.body.index() != b.body.index() || hot_game(a) != hot_game(b)) {
        return false;
    }
    if (const auto* pa = std::get_if<PlayRequest>(&a.body)) {
        const auto& pb = std::get<PlayRequest>(b.body);
        return pa->pile == pb.pile && pa->pins == pb.pins;
    }
    return true;
}

// The message a client would send for a hot request, in the protocol's canonical form.
std::string canonical(const Request& r) {
    const char* type = std::holds_alternative<PlayRequest>(r.body)   ? "play"
                       : std::holds_alternative<StopRequest>(r.body) ? "stop"
                       : std::holds_alternative<ResignRequest>(r.body) ? "resign"
                                                                       : "snapshot";
    std::string out = std::string("{\"type\":\"") + type + "\",\"id\":" + std::to_string(r.id) +
                      ",\"game\":" + std::to_string(hot_game(r));
    if (const auto* p = std::get_if<PlayRequest>(&r.body)) {
        out += ",\"pile\":" + std::to_string(p->pile) + ",\"pins\":[";
        for (std::size_t i = 0; i < p->pins.size(); ++i) {
            if (i) out += ',';
            out += std::to_string(p->pins[i]);
        }
        out += ']';
    }
    return out + '}';
}

bool known_code(std::string_view code) {
    return code == code::kBadJson || code == code::kBadRequest || code == code::kUnknownType ||
           code == code::kTooManyPins;
}

void check_values(const Request& r) {
    FUZZ_CHECK(r.id <= kMaxId);
    if (!is_hot(r)) return;
    FUZZ_CHECK(hot_game(r) >= 1 && static_cast<std::uint64_t>(hot_game(r)) <= kMaxId);
    if (const auto* p = std::get_if<PlayRequest>(&r.body)) {
        FUZZ_CHECK(p->pile >= -100 && p->pile <= 100);
        FUZZ_CHECK(p->pins.size() <= 10);
        for (const int pin : p->pins) FUZZ_CHECK(pin >= -1000 && pin <= 1000);
    }
}

// The fast path, where it answers, agrees with the full decoder at this depth.
void check_agreement(std::string_view text, int max_depth, const Decoded& full) {
    const auto fast = detail::decode_fast(text, max_depth);
    if (!fast) return;
    FUZZ_CHECK(std::holds_alternative<Request>(full));
    FUZZ_CHECK(is_hot(*fast));
    FUZZ_CHECK(same_hot(*fast, std::get<Request>(full)));
    const Decoded answered = decode_request(text, max_depth);
    FUZZ_CHECK(std::holds_alternative<Request>(answered));
    FUZZ_CHECK(same_hot(*fast, std::get<Request>(answered)));
}

void check(std::string_view text) {
    const Decoded full = detail::decode_request_full(text, kDefaultMaxDepth);
    if (const auto* e = std::get_if<DecodeError>(&full)) {
        FUZZ_CHECK(e->code != nullptr && known_code(e->code));
        FUZZ_CHECK(!e->message.empty());
        FUZZ_CHECK(!e->id || *e->id <= kMaxId);
        // A refusal is the full decoder's alone.
        FUZZ_CHECK(!detail::decode_fast(text, kDefaultMaxDepth));
        const Decoded answered = decode_request(text);
        FUZZ_CHECK(std::holds_alternative<DecodeError>(answered));
        FUZZ_CHECK(std::string_view(std::get<DecodeError>(answered).code) == e->code);
        return;
    }
    const Request& request = std::get<Request>(full);
    check_values(request);
    check_agreement(text, kDefaultMaxDepth, full);
    if (!is_hot(request)) return;

    // A hot message needs depth 2 (the object and play's pins array) and no more.
    check_agreement(text, 2, detail::decode_request_full(text, 2));

    const std::string again = canonical(request);
    const Decoded reread = detail::decode_request_full(again, kDefaultMaxDepth);
    FUZZ_CHECK(std::holds_alternative<Request>(reread));
    FUZZ_CHECK(same_hot(request, std::get<Request>(reread)));
    check_agreement(again, kDefaultMaxDepth, reread);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        check(text);
    } catch (...) {
        // decode_request promises never to throw; nothing else here throws but bad_alloc.
        FUZZ_CHECK(!"an exception escaped the decoder");
    }
    return 0;
}
