// LaneRoom: one change at a time, committed against the stored version, and the changes heard
// from other nodes (the contract is in lane_room.hpp).
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "server/app/lanes/lane_room.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

void LaneRoom::run(Action action) {
    queued_.push_back(std::move(action));
    drain();
}

void LaneRoom::drain() {
    while (!inflight_ && !queued_.empty()) {
        current_ = std::move(queued_.front());
        queued_.pop_front();
        retries_ = 0;
        checked_ = false;
        current_();  // may start a commit (inflight_)
    }
    // The last action is done (a retry after a conflict runs it again, so it stays while a
    // commit is in flight): let go of it now. It holds its requester's connection, which would
    // otherwise stay open in memory, and keep the lane watched and never evicted, until the
    // next action. No action calls drain() from inside itself.
    if (!inflight_) current_ = nullptr;
}

void LaneRoom::push(const std::optional<protocol::LaneChange>& change) {
    for (const auto& w : watchers_) {
        auto o = w.outbox.lock();
        if (!o) continue;
        o->send(make_message(change ? protocol::encode_lane_update(std::nullopt, info_for(w.who),
                                                                   version_, *change, game_)
                                    : protocol::encode_lane(std::nullopt, info_for(w.who),
                                                            version_, game_)));
    }
}

void LaneRoom::commit(protocol::Re re, std::shared_ptr<Outbox> requester,
                      protocol::LaneChange change, storage::LaneMemberRow member,
                      StorageWorker::Work work) {
    inflight_ = true;
    const std::uint64_t from = version_++;
    // Encoded now, in this state (the sends wait for the commit).
    std::vector<std::pair<std::shared_ptr<Outbox>, Message>> out;
    for (const auto& w : watchers_) {
        auto o = w.outbox.lock();
        if (!o) continue;
        const protocol::Re r = o == requester ? re : std::nullopt;
        out.emplace_back(o, make_message(protocol::encode_lane_update(r, info_for(w.who),
                                                                      version_, change, game_)));
    }
    const std::string notice =
        encode_lane_notice(LaneNotice{node_, code_, version_, change, std::move(member)});
    auto self = shared_from_this();
    auto versioned = [work = std::move(work), id = id_, from, notice](storage::Store& s) {
        auto st = s.lanes().advance(id, from);
        if (st.is_ok()) st = work(s);
        if (st.is_ok()) st = s.announce(kLaneChannel, notice);
        return st;
    };
    ctx_.storage.write(std::move(versioned), [self, out, requester, re, from](const storage::Status& st) {
        const bool failed = !st.is_ok() && !st.is_conflict();
        if (failed) self->broken_.store(true, std::memory_order_release);
        boost::asio::post(self->strand_, [self, out, requester, re, st, failed, from] {
            if (failed) {
                spdlog::error("[lane {}] write failed: {}", self->code_, st.message());
                self->fail(re, requester, "storage_error", "the change could not be saved");
                self->inflight_ = false;
                return self->drain();
            }
            if (st.is_conflict()) {
                self->ctx_.metrics.lane_conflicts.fetch_add(1, std::memory_order_relaxed);
                self->version_ = from;  // what this room knew; the reload pushes what it missed
                // Changed through another node meanwhile: check the request again against the
                // lane as stored now.
                if (self->retries_++ < kRetries) {
                    return self->resync([self] { self->current_(); });
                }
                return self->resync([self, requester, re] {
                    self->fail(re, requester, "lane_busy",
                               "the lane kept changing from other phones; try again");
                });
            }
            for (const auto& [o, m] : out) o->send(m);
            self->inflight_ = false;
            self->drain();
        });
    });
}

void LaneRoom::refuse(protocol::Re re, const std::shared_ptr<Outbox>& to, std::string code,
                      std::string message) {
    if (checked_) return fail(re, to, code, message);
    checked_ = true;
    const std::uint64_t before = version_;
    resync([this, re, to, code = std::move(code), message = std::move(message), before] {
        if (version_ == before || broken()) return fail(re, to, code, message);
        current_();  // the lane had moved on: check the request against it
    });
}

void LaneRoom::resync(Action then) {
    inflight_ = true;
    auto row = std::make_shared<storage::LaneRow>();
    auto self = shared_from_this();
    ctx_.storage.write(  // a transaction: one consistent state (LaneStore::by_code)
        [row, code = code_](storage::Store& s) {
            auto found = s.lanes().by_code(code);
            if (!found) return storage::Status::not_found("no lane " + code);
            *row = std::move(*found);
            return storage::Status::ok();
        },
        [self, row, then = std::move(then)](const storage::Status& st) {
            boost::asio::post(self->strand_, [self, row, then, st] {
                self->inflight_ = false;
                const std::uint64_t before = self->version_;
                if (!st.is_ok() || !self->load(*row)) {
                    spdlog::error("[lane {}] reload failed: {}", self->code_,
                                  st.is_ok() ? "its reports do not replay" : st.message());
                    self->broken_.store(true, std::memory_order_release);
                } else if (self->version_ != before) {
                    self->push(std::nullopt);  // watchers catch up with what they missed
                }
                then();
                self->drain();
            });
        });
}

void LaneRoom::refresh() {
    run([this] { resync([] {}); });
}

void LaneRoom::heard(const LaneNotice& n) {
    run([this, n] { apply_heard(n); });
}

void LaneRoom::apply_heard(const LaneNotice& n) {
    if (n.version <= version_) return;  // already here (a reload read it)
    using Kind = protocol::LaneChange::Kind;
    const auto& c = n.change;
    bool applied = n.version == version_ + 1;
    if (applied && c.kind == Kind::kReport) applied = !game_.report(c.side, c.pins, c.foul);
    if (applied && c.kind == Kind::kUndo) applied = game_.undo();
    if (applied && c.kind == Kind::kJoin) {
        applied = c.side >= 0 && c.side < static_cast<int>(side_names_.size());
        if (applied) members_.push_back(n.member);
    }
    // Heard either way: applied in order here, or by reloading the lane when versions were
    // missed or the state differs (which of the two depends on timing, not on correctness).
    ctx_.metrics.lane_changes_heard.fetch_add(1, std::memory_order_relaxed);
    if (!applied) return resync([] {});
    version_ = n.version;
    last_active_.store(std::chrono::steady_clock::now().time_since_epoch().count(),
                       std::memory_order_relaxed);
    push(c);
}

}  // namespace pinfall::server
