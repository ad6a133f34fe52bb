// pinfall-loadgen: command-line options.
//
// Contract: parse_options() returns the options, or an exit status and text for --help (0) and
// for any invalid or inconsistent option (2); it never fills in a value the user did not give
// except the documented defaults below. `pinfall-loadgen --help` lists every option.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace pinfall::loadgen {

enum class Mode {
    kClosed,  // C connections x K requests in flight, as fast as replies come back
    kOpen,    // a fixed total rate R over C connections; latency from the scheduled send time
    kIdle,    // open C connections (hello only), hold them, report server memory per connection
    kGames,   // each connection plays whole scripted games, one session (connect..close) each
};

enum class Target {
    kPinfall,  // pinfall-server over WebSocket: the real protocol
    kWsPeer,   // a WebSocket peer answering any JSON message with one reply (bench/peers)
    kRaw,      // a raw TCP peer, one message a line (bench/peers/echo_server.c)
};

enum class Seeds { kFixed, kRandom };

// What a Pinfall connection asks (closed and open modes).
enum class Workload {
    kPlay,         // practice games: play and stop actions
    kBoardRank,    // the player's own rank: leaderboard with limit 1, read `me`
    kBoardTop,     // the top-50 page of the day
    kBoardAround,  // the page of 50 centred on the player ("around me")
};

struct Options {
    Mode mode = Mode::kClosed;
    Target target = Target::kPinfall;
    Workload workload = Workload::kPlay;
    std::string board_date;      // board workloads: the leaderboard's day (YYYY-MM-DD)
    std::vector<std::string> tokens;  // board workloads: connection i logs in with tokens[i]
    std::string host = "127.0.0.1";
    std::uint16_t port = 0;
    std::string path = "/ws";
    unsigned connections = 100;
    unsigned inflight = 1;       // requests in flight per connection (closed, games: 1)
    double rate = 0;             // open loop: total actions per second
    double warmup_s = 2;         // run before measuring (not counted)
    double duration_s = 10;      // the measured window
    double hold_s = 5;           // idle: time the connections are held after all opened
    double setup_timeout_s = 60; // connecting and saying hello, all connections
    unsigned connect_concurrency = 256;  // connections being opened at once
    unsigned source_ips = 0;     // >0: bind to 127.0.0.2 .. 127.0.0.(1+N), round robin
    Seeds seeds = Seeds::kFixed;
    std::uint64_t rng_seed = 1;  // play choices and fixed seeds derive from it
    std::string ruleset = "sackson";
    bool keep_guest = false;     // games: reconnect as the guest of the first welcome
    unsigned req_bytes = 0;      // wspeer/raw: pad the synthetic play request to this size
    std::optional<int> server_pid;  // read its CPU time (closed/open/games) and RSS (idle)
    std::string label;           // copied into the RESULT line
    bool self_test = false;
};

struct ExitRequest {
    int status;
    std::string text;
};

std::variant<Options, ExitRequest> parse_options(int argc, char** argv);

const char* to_string(Mode m);
const char* to_string(Target t);
const char* to_string(Workload w);

}  // namespace pinfall::loadgen
