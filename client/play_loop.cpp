#include "client/play_loop.hpp"

#include <cctype>
#include <chrono>
#include <istream>
#include <optional>
#include <ostream>
#include <thread>

#include "client/input.hpp"
#include "client/render.hpp"
#include "client/render_coach.hpp"

namespace pinfall::cli {

namespace {

Table snapshot(Session& session, std::int64_t game) {
    const Json reply = session.call({{"type", "snapshot"}, {"game", game}});
    std::string why;
    auto t = table_from_snapshot(reply, &why);
    if (!t) throw ConnectionError(why);
    return *t;
}

// Sends an action of t's game. Returns its reply, or nullopt when the connection broke and,
// once reopened, the snapshot shows the action had already been applied (t is then replaced by
// that snapshot).
std::optional<Json> send_action(Session& session, Table& t, const Json& msg, std::ostream& out) {
    try {
        Json reply = session.request(msg);
        if (reply.value("type", "") == "error" && reply.value("code", "") == "rate_limited") {
            // The server dropped the message unread (a script typing fast): safe to send again.
            out << "(the server asks to slow down; sending again in a second)\n";
            std::this_thread::sleep_for(std::chrono::seconds(1));
            reply = session.request(msg);
        }
        return reply;
    } catch (const ConnectionError& e) {
        out << "Connection lost (" << e.what() << "); reconnecting...\n";
        session.reopen();
        Table fresh = snapshot(session, t.game);
        if (fresh.version != t.version) {
            t = std::move(fresh);
            return std::nullopt;
        }
        return session.request(msg);
    }
}

int leave(const PlayIo& io, const Table& t) {
    io.out << "Game " << t.game << " stays open: "
           << (io.resume_hint.empty() ? "`pinfall play --resume " + std::to_string(t.game) + "` continues it"
                                      : io.resume_hint)
           << ".\n";
    return 0;
}

bool is_yes(std::string answer) {
    for (char& c : answer) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto first = answer.find_first_not_of(" \t\r");
    const auto last = answer.find_last_not_of(" \t\r");
    if (first == std::string::npos) return false;
    answer = answer.substr(first, last - first + 1);
    return answer == "y" || answer == "yes";
}

bool read_line(PlayIo& io, const char* prompt, std::string& line) {
    io.out << prompt << std::flush;
    if (!std::getline(io.in, line)) {
        io.out << "\n";
        return false;
    }
    if (io.echo) io.out << line << "\n";
    return true;
}

// Shows the outcome of an action: its error in words, or its events and the new table.
// Returns true when the table changed.
bool show_reply(Session& session, Table& t, const Json& reply, std::ostream& out) {
    if (reply.value("type", "") == "error") {
        out << "Not accepted: " << reply.value("message", "error") << " ("
            << reply.value("code", "?") << ")\n";
        if (reply.value("code", "") == "game_over") {
            // Ended by the server meanwhile (an arena game's clock): the snapshot says how.
            t = snapshot(session, t.game);
            return true;
        }
        return false;
    }
    for (const Json& e : reply.value("events", Json::array())) out << describe_event(e) << "\n";
    switch (apply_update(t, reply)) {
        case UpdateResult::kApplied:
        case UpdateResult::kStale:
            break;
        case UpdateResult::kGap:
        case UpdateResult::kMalformed:
            out << "(resynchronising with the server)\n";
            t = snapshot(session, t.game);
            break;
    }
    return true;
}

}  // namespace

int play_game(Session& session, Table t, PlayIo io, bool* over) {
    if (over) *over = false;
    const Json game_ref = t.game;
    bool redraw = true;
    while (!t.over) {
        if (redraw) io.out << "\n" << render_table(t) << "\n";
        redraw = false;
        std::string line;
        if (!read_line(io, "> ", line)) break;
        const Input in = parse_input(line);
        Json msg;
        switch (in.kind) {
            case Input::Kind::kEmpty:
                continue;
            case Input::Kind::kInvalid:
                io.out << in.why << "\n";
                continue;
            case Input::Kind::kHelp:
                io.out << input_help() << render_legal(t);
                continue;
            case Input::Kind::kHint:
                io.out << render_hint(session.request({{"type", "hint"}, {"game", game_ref}}));
                continue;
            case Input::Kind::kQuit:
                return leave(io, t);
            case Input::Kind::kResign: {
                std::string answer;
                if (!read_line(io, "Resign this game? Frames not bowled score 0. [y/N] ", answer)) {
                    continue;  // input ended: the loop's next read ends the session
                }
                if (!is_yes(answer)) {
                    io.out << "Not resigned.\n";
                    continue;
                }
                msg = {{"type", "resign"}, {"game", game_ref}};
                break;
            }
            case Input::Kind::kStop:
                msg = {{"type", "stop"}, {"game", game_ref}};
                break;
            case Input::Kind::kPick: {
                const auto plays = numbered_plays(t);
                if (in.pick < 1 || in.pick > static_cast<int>(plays.size())) {
                    io.out << "There is no play " << in.pick << " (1 to " << plays.size()
                           << "; type the pile and pins, or h for the list).\n";
                    continue;
                }
                const NumberedPlay& p = plays[static_cast<std::size_t>(in.pick - 1)];
                msg = {{"type", "play"}, {"game", game_ref}, {"pile", p.pile}, {"pins", p.pins}};
                break;
            }
            case Input::Kind::kPlay:
                msg = {{"type", "play"}, {"game", game_ref}, {"pile", in.pile}, {"pins", in.pins}};
                break;
        }
        const auto reply = send_action(session, t, msg, io.out);
        if (!reply) {
            io.out << "(reconnected: that action had reached the server)\n";
            redraw = true;
            continue;
        }
        redraw = show_reply(session, t, *reply, io.out);
    }
    if (!t.over) {
        return leave(io, t);
    }
    if (over) *over = true;
    io.out << "\n" << render_sheet(t) << "\n" << render_game_over(t, io.date);
    return 0;
}

}  // namespace pinfall::cli
