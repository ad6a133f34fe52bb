// The commands of `pinfall`. Each takes the words after its name (options included), prints to
// stdout (results) and stderr (problems), and returns the process exit status:
// 0 success, 1 the work failed (server unreachable, a refusal, a failed verification),
// 2 the command line is wrong (nothing was sent). Not thread-safe (they own stdin/stdout).
#pragma once

#include <boost/program_options.hpp>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "client/connection.hpp"

namespace pinfall::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

class Session;

struct Globals {
    ServerUrl server;         // from --server
    std::string server_text;  // --server as given, for messages
};

using Args = std::vector<std::string>;

int run_deal(const Globals& g, const Args& args);
int run_par(const Globals& g, const Args& args);
int run_register(const Globals& g, const Args& args);
int run_play(const Globals& g, const Args& args);
int run_leaderboard(const Globals& g, const Args& args);
int run_verify(const Globals& g, const Args& args);
int run_health(const Globals& g, const Args& args);
int run_review(const Globals& g, const Args& args);
int run_arena(const Globals& g, const Args& args);
int run_friends(const Globals& g, const Args& args);
int run_follow(const Globals& g, const Args& args);
int run_unfollow(const Globals& g, const Args& args);
int run_block(const Globals& g, const Args& args);
int run_unblock(const Globals& g, const Args& args);
int run_inbox(const Globals& g, const Args& args);

// The usage text of every command.
std::string usage_text();

// Parses one command's words against its options and positional names. On any mistake prints
// "pinfall <command>: <reason> (see pinfall --help)" to stderr and returns false.
bool parse_command(std::string_view command, const Args& args,
                   const boost::program_options::options_description& options,
                   const boost::program_options::positional_options_description& positional,
                   boost::program_options::variables_map& vm);

// Opens s as the player whose token is saved (config "token"), else as a guest. With
// need_player, a missing or unknown token throws ServerError ("login_required" / "bad_token")
// with advice; without, an unknown token gives a warning on stderr and the session goes on as a
// guest. Throws ConnectionError when the server cannot be reached.
void open_session(Session& s, bool need_player);

// Runs body, turning a ConnectionError or ServerError that escapes it into a message on stderr
// ("pinfall <command>: ...") and exit status 1.
int guarded(std::string_view command, const Globals& g, const std::function<int()>& body);

}  // namespace pinfall::cli
