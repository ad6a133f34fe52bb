// pinfall-loadgen: the run's shared state and one load-generating connection (Session).
//
// Contract. A Run holds what every session of one run shares: options, the peer's endpoint,
// the measured window [window_start, window_end), the statistics, and the connect gate (at most
// connect_concurrency connections being opened at once). A Session is one connection:
//  - connect() opens it through the gate and, for the Pinfall target, says hello; it then
//    calls Run::session_ready() exactly once (ok or not), whatever the mode.
//  - begin() starts the load. closed: every one of its K slots sends a request and sends the
//    next as soon as the reply arrives. open: one request per tick at the connection's share of
//    the total rate, ticks at fixed times from Run::start (a tick that finds the connection still
//    waiting is owed and sent as soon as the reply comes, its latency still counted from the
//    tick). games: plays one whole game per WebSocket session (connect, hello, practice_start,
//    plays to game over, close) and starts over (with --keep-guest, every hello after the
//    first carries the guest token of the first welcome). idle: nothing.
//  - Board workloads (--workload board-*): after hello, connection i logs in with token i, then
//    every request is a daily `leaderboard` of --board-date (limit 1, the top 50, or around
//    me); a `leaderboard` reply answering it counts, and for rank and around-me it must carry
//    the player's own line (`me`), else it is an error.
//  - A Pinfall slot plays a game: practice_start (fixed or server-chosen seed), then `play` of a
//    legal play picked at random from the last reply's `legal`, `stop` when there is none, and a
//    new practice_start after game over. Only `update` replies answering the slot's request are
//    counted as actions; anything else answering it is an error (and the slot starts a new game).
//  - Counting: a reply counts when it arrives inside the window (closed, games) or when the tick
//    it answers was scheduled inside it (open). Latency: from the send (closed, games) or from
//    the scheduled tick (open; the time from the actual send is kept apart as `service`).
// Single-threaded: everything runs on the io_context's thread.
#pragma once

#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "histogram.hpp"
#include "link.hpp"
#include "options.hpp"
#include "protocol.hpp"

namespace pinfall::loadgen {

using Clock = std::chrono::steady_clock;
class Session;

struct Stats {
    std::uint64_t requests = 0, actions = 0, games = 0, errors = 0, lost = 0;
    std::uint64_t req_bytes = 0, reply_bytes = 0, replies = 0;  // sizes, all traffic
    std::uint64_t disconnects = 0;  // connections the peer ended during the run
    Histogram latency, service;
    std::string first_error;
};

struct Run {
    Run(const Options& o, boost::asio::io_context& io, tcp::endpoint peer)
        : opt(o), ioc(io), remote(std::move(peer)) {}

    const Options& opt;
    boost::asio::io_context& ioc;
    tcp::endpoint remote;
    std::vector<boost::asio::ip::address> locals;  // source addresses, round robin
    Clock::time_point start{};                     // when begin() was called on every session
    Clock::time_point window_start = Clock::time_point::max();
    Clock::time_point window_end = Clock::time_point::max();
    bool stopping = false;
    Stats stats;
    unsigned ready = 0, failed = 0;
    std::function<void()> on_all_ready;  // called once every session has reported

    bool in_window(Clock::time_point t) const { return t >= window_start && t < window_end; }
    void note_error(std::string_view what);
    void session_ready(bool ok);
    // The gate: runs `open` now or once a connection being opened finishes.
    void gate(std::function<void()> open);
    void gate_done();

   private:
    std::deque<std::function<void()>> waiting_;
    unsigned opening_ = 0;
};

class Session {
   public:
    Session(Run& run, unsigned index);
    void connect();
    void begin();
    // Open-loop ticks scheduled inside the window that got no reply (call after the run).
    std::uint64_t unanswered() const;
    bool is_open() const { return link_ && link_->is_open(); }

   private:
    struct Slot {
        std::uint64_t game = 0;
        bool over = true;      // no game yet, or the last one ended: start one
        bool waiting = false;  // a request is in flight
        std::uint64_t pending_id = 0;
        std::uint32_t seq = 0;
        std::uint64_t started = 0;  // games started, for fixed seeds
        Clock::time_point sent{}, tick{};  // tick: open loop only; {} when not scheduled
        std::vector<Play> legal;
    };

    void open_link();
    void on_open(error_code ec);
    void on_message(std::string_view text);
    void on_closed(error_code ec);
    void on_pinfall(std::string_view text, Clock::time_point now);
    void on_peer(std::string_view text, Clock::time_point now);
    void setup_done();
    bool plays() const {
        return run_.opt.target == Target::kPinfall && run_.opt.workload == Workload::kPlay;
    }
    void after_reply(unsigned slot, Clock::time_point now);
    void send_next(unsigned slot, Clock::time_point tick);
    void arm_tick();
    void on_tick();
    void count(const Slot& s, Clock::time_point now);

    Run& run_;
    const unsigned index_;
    std::shared_ptr<Link> link_;
    std::vector<Slot> slots_;
    Rng rng_;
    Reply reply_;
    boost::asio::steady_timer timer_;
    std::deque<Clock::time_point> owed_;  // open loop: ticks waiting for the connection
    std::deque<unsigned> fifo_;           // peers: slots in the order their requests went
    std::uint64_t ticks_ = 0;
    std::string guest_;  // --keep-guest: the token of the first welcome, sent in every hello
    bool reported_ = false, begun_ = false, hello_done_ = false, login_done_ = false;
};

}  // namespace pinfall::loadgen
