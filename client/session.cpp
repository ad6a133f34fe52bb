#include "client/session.hpp"

#include <cstdio>
#include <ctime>
#include <random>

#include "client/config.hpp"

namespace pinfall::cli {

const Json& expect_ok(const Json& reply) {
    if (reply.value("type", "") == "error") {
        throw ServerError(reply.value("code", "error"), reply.value("message", "error"));
    }
    return reply;
}

namespace {

// The public routing key on the WebSocket URL (docs/scaling.md): a proxy in front of several
// nodes hashes it, so that every connection of one player reaches the same node. "p<id>" once
// a player logged in from here, else a random key kept in the configuration directory.
ServerUrl with_route_key(ServerUrl url) {
    auto key = read_value(kRouteFile);
    if (!key) {
        std::random_device rd;
        char hex[17];
        std::snprintf(hex, sizeof hex, "%08x%08x", rd(), rd());
        key = std::string("r") + hex;
        write_value(kRouteFile, *key, nullptr);  // without a folder: a new key each run
    }
    url.path += url.path.find('?') == std::string::npos ? "?key=" : "&key=";
    url.path += *key;
    return url;
}

void route_by(const Json& player) {
    if (player.is_object() && player.contains("id")) {
        write_value(kRouteFile, "p" + player["id"].dump(), nullptr);
    }
}

}  // namespace

Session::Session(ServerUrl url, std::chrono::milliseconds timeout)
    : connection_(with_route_key(std::move(url)), timeout) {}

Json Session::call(Json msg) { return expect_ok(request(std::move(msg))); }

void Session::hello() {
    Json msg = {{"type", "hello"}, {"version", 1}};
    if (guest_) msg["guest"] = *guest_;
    Json reply = connection_.request(msg);
    if (reply.value("type", "") == "error" && reply.value("code", "") == "unknown_guest") {
        guest_.reset();
        msg.erase("guest");
        reply = connection_.request(msg);
    }
    welcome_ = expect_ok(reply);
    const std::string given = welcome_.value("guest", "");
    if (!given.empty() && given != guest_) {
        guest_ = given;
        write_value(kGuestFile, given, nullptr);
    }
}

void Session::open(std::optional<std::string> player_token) {
    player_token_ = std::move(player_token);
    if (!guest_) guest_ = read_value(kGuestFile);
    reopen();
}

void Session::reopen() {
    connection_.open();
    hello();
    player_ = nullptr;
    if (player_token_) {
        const Json reply = call({{"type", "login"}, {"token", *player_token_}});
        player_ = reply.value("player", Json(nullptr));
        route_by(player_);
    }
}

void Session::set_player(Json player, std::string token) {
    player_ = std::move(player);
    player_token_ = std::move(token);
    route_by(player_);
}

std::string Session::server_date() const {
    const std::string time = welcome_.value("time", "");
    if (time.size() >= 10) return time.substr(0, 10);
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

}  // namespace pinfall::cli
