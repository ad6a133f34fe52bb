// pinfall-loadgen: command-line parsing (see options.hpp for the contract).
#include "options.hpp"

#include <boost/program_options.hpp>

#include <fstream>
#include <sstream>

namespace pinfall::loadgen {

namespace po = boost::program_options;

const char* to_string(Mode m) {
    switch (m) {
        case Mode::kClosed: return "closed";
        case Mode::kOpen: return "open";
        case Mode::kIdle: return "idle";
        case Mode::kGames: return "games";
    }
    return "?";
}

const char* to_string(Target t) {
    switch (t) {
        case Target::kPinfall: return "pinfall";
        case Target::kWsPeer: return "wspeer";
        case Target::kRaw: return "raw";
    }
    return "?";
}

const char* to_string(Workload w) {
    switch (w) {
        case Workload::kPlay: return "play";
        case Workload::kBoardRank: return "board-rank";
        case Workload::kBoardTop: return "board-top";
        case Workload::kBoardAround: return "board-around";
    }
    return "?";
}

namespace {

// Reads one token a line; false when the file cannot be read.
bool read_tokens(const std::string& path, std::vector<std::string>& out) {
    std::ifstream in(path);
    if (!in) return false;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty()) out.push_back(line);
    }
    return true;
}

}  // namespace

std::variant<Options, ExitRequest> parse_options(int argc, char** argv) {
    Options o;
    std::string mode = "closed", target = "pinfall", seeds = "fixed", workload = "play";
    std::string tokens_file;
    unsigned port = 0;
    int pid = 0;
    po::options_description desc(
        "pinfall-loadgen: load generator for pinfall-server and its comparison peers.\n"
        "Prints progress on stderr and one line 'RESULT key=value ...' on stdout");
    // clang-format off
    desc.add_options()
        ("help", "print this help and exit")
        ("mode", po::value(&mode)->default_value(mode), "closed, open, idle or games")
        ("target", po::value(&target)->default_value(target),
         "pinfall (the real protocol), wspeer (WebSocket echo-like peer) or raw (TCP lines)")
        ("workload", po::value(&workload)->default_value(workload),
         "pinfall target, closed and open modes: play (practice games), board-rank (the "
         "player's rank), board-top (top-50 page) or board-around (around me)")
        ("board-date", po::value(&o.board_date), "board workloads: the day (YYYY-MM-DD)")
        ("tokens", po::value(&tokens_file),
         "board workloads: file of login tokens, one a line, one per connection")
        ("host", po::value(&o.host)->default_value(o.host), "peer address (numeric)")
        ("port", po::value(&port), "peer port (required)")
        ("path", po::value(&o.path)->default_value(o.path), "WebSocket path")
        ("connections,c", po::value(&o.connections)->default_value(o.connections),
         "connections")
        ("inflight,k", po::value(&o.inflight)->default_value(o.inflight),
         "closed loop: requests in flight per connection (1-255)")
        ("rate,r", po::value(&o.rate), "open loop: total actions per second (required)")
        ("warmup", po::value(&o.warmup_s)->default_value(o.warmup_s), "seconds before measuring")
        ("duration,d", po::value(&o.duration_s)->default_value(o.duration_s),
         "measured seconds")
        ("hold", po::value(&o.hold_s)->default_value(o.hold_s),
         "idle: seconds to hold the connections once all are open")
        ("setup-timeout", po::value(&o.setup_timeout_s)->default_value(o.setup_timeout_s),
         "seconds allowed to open all connections")
        ("connect-concurrency",
         po::value(&o.connect_concurrency)->default_value(o.connect_concurrency),
         "connections being opened at once")
        ("source-ips", po::value(&o.source_ips)->default_value(o.source_ips),
         "bind connections to 127.0.0.2..127.0.0.(1+N), round robin (0: let the kernel pick)")
        ("seeds", po::value(&seeds)->default_value(seeds),
         "practice_start seeds: fixed (derived from --rng-seed) or random (server picks)")
        ("rng-seed", po::value(&o.rng_seed)->default_value(o.rng_seed),
         "seed of the play choices and fixed game seeds")
        ("ruleset", po::value(&o.ruleset)->default_value(o.ruleset), "sackson or strict")
        ("keep-guest", po::bool_switch(&o.keep_guest),
         "games: each connection says hello as a new guest once, then reconnects with the "
         "guest token of that first welcome (a returning player), not as a new guest each game")
        ("req-bytes", po::value(&o.req_bytes)->default_value(o.req_bytes),
         "wspeer/raw: pad each request to this many bytes (0: the bare play message)")
        ("server-pid", po::value(&pid), "pid of the peer, to read its CPU time and RSS")
        ("label", po::value(&o.label), "a word copied into the RESULT line")
        ("self-test", po::bool_switch(&o.self_test), "check the histogram and reply scanner");
    // clang-format on
    po::variables_map vm;
    try {
        po::store(po::parse_command_line(argc, argv, desc), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        return ExitRequest{2, std::string("pinfall-loadgen: ") + e.what() + "\n"};
    }
    auto fail = [](const std::string& why) {
        return ExitRequest{2, "pinfall-loadgen: " + why + " (see --help)\n"};
    };
    if (vm.count("help")) {
        std::ostringstream out;
        out << desc << "\n";
        return ExitRequest{0, out.str()};
    }
    if (o.self_test) return o;
    if (mode == "closed") o.mode = Mode::kClosed;
    else if (mode == "open") o.mode = Mode::kOpen;
    else if (mode == "idle") o.mode = Mode::kIdle;
    else if (mode == "games") o.mode = Mode::kGames;
    else return fail("unknown --mode " + mode);
    if (target == "pinfall") o.target = Target::kPinfall;
    else if (target == "wspeer") o.target = Target::kWsPeer;
    else if (target == "raw") o.target = Target::kRaw;
    else return fail("unknown --target " + target);
    if (seeds == "fixed") o.seeds = Seeds::kFixed;
    else if (seeds == "random") o.seeds = Seeds::kRandom;
    else return fail("unknown --seeds " + seeds);
    if (workload == "play") o.workload = Workload::kPlay;
    else if (workload == "board-rank") o.workload = Workload::kBoardRank;
    else if (workload == "board-top") o.workload = Workload::kBoardTop;
    else if (workload == "board-around") o.workload = Workload::kBoardAround;
    else return fail("unknown --workload " + workload);
    if (o.workload != Workload::kPlay) {
        if (o.target != Target::kPinfall || (o.mode != Mode::kClosed && o.mode != Mode::kOpen)) {
            return fail("board workloads need --target pinfall and --mode closed or open");
        }
        if (o.board_date.size() != 10) return fail("board workloads need --board-date");
        if (!read_tokens(tokens_file, o.tokens)) return fail("cannot read --tokens");
        if (o.tokens.size() < o.connections) return fail("fewer --tokens than connections");
    }
    if (port == 0 || port > 65535) return fail("--port 1-65535 is required");
    o.port = static_cast<std::uint16_t>(port);
    if (o.connections == 0) return fail("--connections must be at least 1");
    if (o.inflight == 0 || o.inflight > 255) return fail("--inflight must be 1-255");
    if (o.mode == Mode::kOpen && !(o.rate > 0)) return fail("--mode open needs --rate > 0");
    if (o.mode != Mode::kClosed) o.inflight = 1;
    if (o.target != Target::kPinfall && (o.mode == Mode::kIdle || o.mode == Mode::kGames)) {
        return fail("--mode idle and games speak the Pinfall protocol: use --target pinfall");
    }
    if (o.keep_guest && o.mode != Mode::kGames) return fail("--keep-guest needs --mode games");
    if (o.duration_s <= 0 || o.warmup_s < 0 || o.hold_s < 0) return fail("bad durations");
    if (o.connect_concurrency == 0) return fail("--connect-concurrency must be at least 1");
    if (o.source_ips > 250) return fail("--source-ips at most 250");
    if (o.ruleset != "sackson" && o.ruleset != "strict") return fail("bad --ruleset");
    if (vm.count("server-pid")) o.server_pid = pid;
    return o;
}

}  // namespace pinfall::loadgen
