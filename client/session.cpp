#include "client/session.hpp"

#include <ctime>

#include "client/config.hpp"

namespace pinfall::cli {

const Json& expect_ok(const Json& reply) {
    if (reply.value("type", "") == "error") {
        throw ServerError(reply.value("code", "error"), reply.value("message", "error"));
    }
    return reply;
}

Session::Session(ServerUrl url, std::chrono::milliseconds timeout)
    : connection_(std::move(url), timeout) {}

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
    }
}

void Session::set_player(Json player, std::string token) {
    player_ = std::move(player);
    player_token_ = std::move(token);
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
