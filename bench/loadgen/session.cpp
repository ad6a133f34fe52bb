// pinfall-loadgen: Run and Session (see session.hpp for the contract).
#include "session.hpp"

#include <boost/beast/websocket/error.hpp>

#include <iostream>

namespace pinfall::loadgen {

namespace asio = boost::asio;

void Run::note_error(std::string_view what) {
    ++stats.errors;
    if (stats.first_error.empty()) stats.first_error = std::string(what.substr(0, 300));
}

void Run::session_ready(bool ok) {
    ok ? ++ready : ++failed;
    if (ready + failed == opt.connections && on_all_ready) on_all_ready();
}

void Run::gate(std::function<void()> open) {
    if (opening_ < opt.connect_concurrency) {
        ++opening_;
        open();
    } else {
        waiting_.push_back(std::move(open));
    }
}

void Run::gate_done() {
    --opening_;
    if (!waiting_.empty() && !stopping) {
        auto next = std::move(waiting_.front());
        waiting_.pop_front();
        ++opening_;
        next();
    }
}

Session::Session(Run& run, unsigned index)
    : run_(run),
      index_(index),
      slots_(run.opt.inflight),
      rng_(run.opt.rng_seed * 1000003 + index),
      timer_(run.ioc) {}

void Session::connect() { run_.gate([this] { open_link(); }); }

void Session::open_link() {
    const auto& opt = run_.opt;
    link_ = make_link(run_.ioc,
                      opt.target == Target::kRaw ? Transport::kRawTcp : Transport::kWebSocket,
                      opt.path);
    std::optional<asio::ip::address> local;
    if (!run_.locals.empty()) local = run_.locals[index_ % run_.locals.size()];
    hello_done_ = login_done_ = false;
    link_->open(run_.remote, local,
                {[this](error_code ec) { on_open(ec); },
                 [this](std::string_view text) { on_message(text); },
                 [this](error_code ec) { on_closed(ec); }});
}

void Session::on_open(error_code ec) {
    if (!begun_) run_.gate_done();
    if (ec) {
        if (run_.stopping) return;
        run_.note_error("connect: " + ec.message());
        if (!reported_) {
            reported_ = true;
            run_.session_ready(false);
        }
        return;
    }
    if (run_.opt.target == Target::kPinfall) {
        ++run_.stats.requests;
        auto hello = make_hello(0, guest_);
        run_.stats.req_bytes += hello.size();
        link_->send(std::move(hello));
        return;
    }
    reported_ = true;
    run_.session_ready(true);
}

void Session::on_closed(error_code ec) {
    if (run_.stopping) return;
    for (auto& s : slots_) s = Slot{};
    fifo_.clear();
    if (run_.opt.mode == Mode::kGames && begun_) {
        // Our close: the read pending meanwhile ends as closed or cancelled.
        if (ec != boost::beast::websocket::error::closed &&
            ec != boost::asio::error::operation_aborted) {
            run_.note_error("games: " + ec.message());
        }
        open_link();  // the next game's session
        return;
    }
    ++run_.stats.disconnects;
    run_.note_error("connection ended by the peer: " + ec.message());
}

void Session::begin() {
    begun_ = true;
    if (!is_open()) return;
    switch (run_.opt.mode) {
        case Mode::kClosed:
        case Mode::kGames:
            for (unsigned i = 0; i < slots_.size(); ++i) send_next(i, {});
            break;
        case Mode::kOpen:
            if (plays()) send_next(0, {});  // the first game
            arm_tick();
            break;
        case Mode::kIdle: break;
    }
}

void Session::on_message(std::string_view text) {
    const auto now = Clock::now();
    run_.stats.reply_bytes += text.size();
    ++run_.stats.replies;
    if (run_.opt.target == Target::kPinfall) {
        on_pinfall(text, now);
    } else {
        on_peer(text, now);
    }
}

void Session::on_pinfall(std::string_view text, Clock::time_point now) {
    if (!scan_reply(text, reply_)) return run_.note_error(text);
    if (!hello_done_) {
        if (reply_.kind != ReplyKind::kWelcome) return run_.note_error(text);
        hello_done_ = true;
        if (run_.opt.keep_guest && guest_.empty()) guest_ = reply_.guest;
        if (run_.opt.workload != Workload::kPlay) {  // board workloads log in first
            auto login = make_login(0, run_.opt.tokens[index_]);
            ++run_.stats.requests;
            run_.stats.req_bytes += login.size();
            return link_->send(std::move(login));
        }
        return setup_done();
    }
    if (run_.opt.workload != Workload::kPlay && !login_done_) {
        if (reply_.kind != ReplyKind::kLoggedIn) return run_.note_error(text);
        login_done_ = true;
        return setup_done();
    }
    if (!reply_.has_re) return run_.note_error(text);
    const unsigned i = static_cast<unsigned>(reply_.re & 0xFF);
    if (i >= slots_.size() || !slots_[i].waiting || slots_[i].pending_id != reply_.re) {
        return run_.note_error(text);
    }
    Slot& s = slots_[i];
    s.waiting = false;
    if (run_.opt.workload != Workload::kPlay) {
        // The rank and around-me pages must hold the player's own line.
        const bool ok = reply_.kind == ReplyKind::kLeaderboard &&
                        (reply_.has_me || run_.opt.workload == Workload::kBoardTop);
        ok ? count(s, now) : run_.note_error(text);
        return after_reply(i, now);
    }
    if (reply_.kind == ReplyKind::kUpdate && reply_.game == s.game && !s.over) {
        count(s, now);
        s.legal.swap(reply_.legal);
        s.over = reply_.over;
        if (s.over && run_.opt.mode == Mode::kGames) {
            if (run_.in_window(now)) ++run_.stats.games;
            link_->close();  // on_closed opens the next session
            return;
        }
        if (s.over && run_.in_window(now)) ++run_.stats.games;
    } else if (reply_.kind == ReplyKind::kGame) {
        s.game = reply_.game;
        s.over = reply_.over;
        s.legal.swap(reply_.legal);
    } else {
        run_.note_error(text);
        s.over = true;  // start afresh
    }
    after_reply(i, now);
}

// Connected (and logged in, for board workloads): report once, or resume after a reconnect.
void Session::setup_done() {
    if (!reported_) {
        reported_ = true;
        return run_.session_ready(true);
    }
    if (begun_ && run_.opt.mode == Mode::kGames) send_next(0, {});  // reconnected
}

void Session::on_peer(std::string_view text, Clock::time_point now) {
    const std::string_view want = run_.opt.target == Target::kRaw ? "{\"type\":\"play\""
                                                                   : "{\"type\":\"update\"";
    if (fifo_.empty() || !text.starts_with(want)) return run_.note_error(text);
    const unsigned i = fifo_.front();
    fifo_.pop_front();
    slots_[i].waiting = false;
    count(slots_[i], now);
    after_reply(i, now);
}

// Records one validated action answered at `now`.
void Session::count(const Slot& s, Clock::time_point now) {
    if (run_.opt.mode == Mode::kOpen) {
        if (s.tick == Clock::time_point{} || !run_.in_window(s.tick)) return;
        ++run_.stats.actions;
        run_.stats.latency.record(static_cast<std::uint64_t>((now - s.tick).count()));
        run_.stats.service.record(static_cast<std::uint64_t>((now - s.sent).count()));
        return;
    }
    if (!run_.in_window(now)) return;
    ++run_.stats.actions;
    run_.stats.latency.record(static_cast<std::uint64_t>((now - s.sent).count()));
}

void Session::after_reply(unsigned i, Clock::time_point) {
    if (run_.stopping) return;
    if (run_.opt.mode != Mode::kOpen) return send_next(i, {});
    if (plays() && slots_[i].over) return send_next(i, {});  // the next game, unscheduled
    if (!owed_.empty()) {
        const auto tick = owed_.front();
        owed_.pop_front();
        send_next(i, tick);
    }
}

void Session::send_next(unsigned i, Clock::time_point tick) {
    Slot& s = slots_[i];
    const auto& opt = run_.opt;
    s.pending_id = (static_cast<std::uint64_t>(++s.seq) << 8) | i;
    std::string msg;
    if (opt.target != Target::kPinfall) {
        msg = make_peer_request(s.pending_id, opt.req_bytes);
        fifo_.push_back(i);
    } else if (opt.workload != Workload::kPlay) {
        const bool around = opt.workload == Workload::kBoardAround;
        const unsigned limit = opt.workload == Workload::kBoardRank ? 1 : 50;
        msg = make_leaderboard(s.pending_id, opt.board_date, around, limit);
    } else if (s.over) {
        const std::string seed = opt.seeds == Seeds::kFixed
                                     ? seed_hex(opt.rng_seed, index_ * 256 + i, s.started)
                                     : std::string();
        ++s.started;
        s.game = 0;
        s.over = false;
        msg = make_practice_start(s.pending_id, opt.ruleset, seed);
        tick = {};  // a game start is not one of the scheduled actions
    } else if (s.legal.empty()) {
        msg = make_stop(s.pending_id, s.game);
    } else {
        msg = make_play(s.pending_id, s.game, s.legal[rng_.below(s.legal.size())]);
    }
    s.waiting = true;
    s.tick = tick;
    s.sent = Clock::now();
    ++run_.stats.requests;
    run_.stats.req_bytes += msg.size();
    link_->send(std::move(msg));
}

void Session::arm_tick() {
    // Connection i ticks at start + i/R + n*C/R: the connections interleave evenly.
    const double interval = run_.opt.connections / run_.opt.rate;
    const double at = index_ / run_.opt.rate + static_cast<double>(ticks_) * interval;
    const auto when = run_.start + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double>(at));
    if (when >= run_.window_end) return;  // the schedule ends with the window
    timer_.expires_at(when);
    timer_.async_wait([this](error_code ec) {
        if (!ec && !run_.stopping) on_tick();
    });
}

void Session::on_tick() {
    const double at = index_ / run_.opt.rate +
                      static_cast<double>(ticks_) * (run_.opt.connections / run_.opt.rate);
    const auto tick = run_.start + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double>(at));
    ++ticks_;
    Slot& s = slots_[0];
    if (is_open()) {
        if (!s.waiting && owed_.empty()) send_next(0, tick);
        else owed_.push_back(tick);
    } else if (run_.in_window(tick)) {
        ++run_.stats.lost;  // the connection is gone: this tick is never answered
    }
    arm_tick();
}

std::uint64_t Session::unanswered() const {
    std::uint64_t n = 0;
    for (const auto t : owed_) n += run_.in_window(t) ? 1 : 0;
    for (const auto& s : slots_) {
        if (s.waiting && s.tick != Clock::time_point{} && run_.in_window(s.tick)) ++n;
    }
    return n;
}

}  // namespace pinfall::loadgen
