// Where the client keeps what it must remember between runs: the player token written by
// `pinfall register` ("token"), the last guest token the server gave ("guest") and the public
// routing key sent on the WebSocket URL ("route"), one value per
// file in the configuration directory. Files are written with mode 0600 in a 0700 directory.
// Not thread-safe (plain file I/O).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace pinfall::cli {

inline constexpr const char* kTokenFile = "token";
inline constexpr const char* kGuestFile = "guest";
inline constexpr const char* kRouteFile = "route";  // the routing key (client/session.cpp)

// $PINFALL_HOME when set and not empty, else $HOME/.config/pinfall. Returns nullopt when
// neither variable is set.
std::optional<std::filesystem::path> config_dir();

// The first line of <config_dir>/<name> without surrounding whitespace. Returns nullopt when
// there is no configuration directory, no such file, or the file holds nothing.
std::optional<std::string> read_value(const std::string& name);

// Replaces <config_dir>/<name> with value and a newline: written to a temporary file with mode
// 0600 and renamed over the old one, so a crash never leaves half a token. Creates the
// directory (mode 0700) when missing. Returns the path written, or nullopt with the reason in
// *why.
std::optional<std::filesystem::path> write_value(const std::string& name, const std::string& value,
                                                 std::string* why);

}  // namespace pinfall::cli
