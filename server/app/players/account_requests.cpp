#include "server/app/players/account_requests.hpp"

#include <boost/asio/post.hpp>

#include <algorithm>

#include "protocol/encode.hpp"
#include "protocol/replies.hpp"
#include "server/app/boards/result_news.hpp"
#include "server/app/core/error_codes.hpp"
#include "server/app/players/guest_book.hpp"
#include "server/app/players/player_names.hpp"
#include "storage/guest_players.hpp"

namespace pinfall::server {

namespace asio = boost::asio;
using protocol::Request;

namespace {

std::string token_hash(const std::string& token) {
    const auto d = engine::sha256(token);
    return std::string(d.begin(), d.end());
}

constexpr const char* kBadPasswordText = "passwords have 8-128 bytes";
constexpr const char* kWrongPasswordText = "wrong name or password";

}  // namespace

bool AccountRequests::handle(Connection& c, const Request& r, const std::shared_ptr<Outbox>& self,
                             Received) {
    if (const auto* m = std::get_if<protocol::Register>(&r.body)) {
        register_player(c, r, *m, self);
    } else if (const auto* l = std::get_if<protocol::Login>(&r.body)) {
        login(c, r, *l, self);
    } else if (const auto* p = std::get_if<protocol::ChangePassword>(&r.body)) {
        change_password(c, r, *p, self);
    } else if (std::holds_alternative<protocol::LogoutOthers>(r.body)) {
        logout_others(c, r, self);
    } else {
        return false;
    }
    return true;
}

bool AccountRequests::within_password_budget(Connection& c, const std::string& name_key,
                                             protocol::Re re,
                                             const std::shared_ptr<Outbox>& self) {
    auto& budgets = c.budgets();
    const std::string account = "pw:" + name_key;
    if (budgets.take_both(AddressBudgets::kPassword, c.address_key(), account)) return true;
    const auto wait = std::max(budgets.retry_after_s(AddressBudgets::kPassword, c.address_key()),
                               budgets.retry_after_s(AddressBudgets::kPassword, account));
    c.fail(self, re, code::kPasswordLimited,
           "too many password attempts for this account or from here; try again in " +
               std::to_string(std::max<std::int64_t>(1, wait)) + " s");
    return false;
}

void AccountRequests::register_player(Connection& c, const Request& r, const protocol::Register& m,
                                      const std::shared_ptr<Outbox>& self) {
    if (c.player) return c.fail(self, r.id, code::kWrongPhase, "already logged in");
    const auto name = normalize_player_name(m.name);
    if (!name) {
        return c.fail(self, r.id, code::kBadName,
                      "names have 3-24 letters, digits, spaces, '_' or '-'");
    }
    if (is_guest_name(*name)) {
        return c.fail(self, r.id, code::kBadName, "names starting with guest- are kept for guests");
    }
    if (m.password && !Passwords::acceptable(*m.password)) {
        return c.fail(self, r.id, code::kBadPassword, kBadPasswordText);
    }
    auto create = [this, conn = c.shared_from_this(), self, name = *name,
                   re = r.id](std::optional<std::string> password_hash) {
        auto token = std::make_shared<std::string>(random_token());
        auto id = std::make_shared<storage::PlayerId>(0);
        const auto now = unix_ms(d_.clock.now());
        // The guest becomes the account (storage/guest_players.hpp): its ranked identity, if
        // it played the daily, is renamed and kept, with its finished games.
        d_.storage.write(
            [token, id, name, now, password_hash, node = d_.node_id,
             guest = static_cast<std::int64_t>(*conn->guest)](storage::Store& s) {
                auto st = storage::register_from_guest(s, guest, name, player_name_key(name),
                                                       token_hash(*token), now, id.get());
                if (st.is_ok() && password_hash) st = s.set_password_hash(*id, *password_hash);
                // Other nodes' boards show a guest's daily line under its new name too.
                if (st.is_ok()) st = s.announce(kRenameChannel, encode_rename({node, *id, name}));
                return st;
            },
            [this, conn, self, token, id, name, re](const storage::Status& st) {
                if (st.is_conflict()) return conn->fail(self, re, code::kNameTaken, "that name is taken");
                if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not register");
                d_.leaderboards.rename(*id, name);
                asio::post(conn->strand(), [this, conn, self, token, id, name, re] {
                    conn->guest_player.reset();
                    conn->guest_claimed = true;
                    d_.sign_in.become(*conn, protocol::PlayerRef{*id, name}, re, self,
                                      [conn, self, token, re] {
                                          self->send(make_message(protocol::encode_registered(
                                              re, protocol::Registered{*conn->player, *token})));
                                      });
                });
            });
    };
    if (!m.password) return create(std::nullopt);
    // Hashing costs the server; a registration with a password spends one attempt of the
    // address's password budget (not the new account's).
    if (!c.budgets().take(AddressBudgets::kPassword, c.address_key())) {
        return c.fail(self, r.id, code::kPasswordLimited,
                      "too many password attempts from here; try again later");
    }
    d_.passwords.hash(*m.password, [conn = c.shared_from_this(), self, create, re = r.id](auto hash) {
        if (!hash) return conn->fail(self, re, code::kServerBusy, "could not hash the password");
        create(std::move(hash));
    });
}

void AccountRequests::login(Connection& c, const Request& r, const protocol::Login& m,
                            const std::shared_ptr<Outbox>& self) {
    if (c.player) return c.fail(self, r.id, code::kWrongPhase, "already logged in");
    if (!m.token) return password_login(c, r, m, self);
    auto found = std::make_shared<std::optional<storage::PlayerRow>>();
    d_.storage.read(
        [found, hash = token_hash(*m.token)](storage::Store& s) {
            *found = s.player_by_token(hash);
            return storage::Status::ok();
        },
        [this, conn = c.shared_from_this(), self, found, re = r.id](const storage::Status&) {
            if (!*found) return conn->fail(self, re, code::kBadToken, "unknown token");
            asio::post(conn->strand(), [this, conn, self, found, re] {
                d_.sign_in.become(*conn, protocol::PlayerRef{(*found)->id, (*found)->name}, re, self,
                                  [conn, self, re] {
                                      self->send(make_message(
                                          protocol::encode_logged_in(re, *conn->player)));
                                  });
            });
        });
}

void AccountRequests::password_login(Connection& c, const Request& r, const protocol::Login& m,
                                     const std::shared_ptr<Outbox>& self) {
    // Every attempt counts, right or wrong, known name or not: the budget also bounds the
    // hashing work one address can cause.
    const auto name = normalize_player_name(*m.name);
    const std::string key = player_name_key(name ? *name : *m.name);
    if (!within_password_budget(c, key, r.id, self)) return;
    if (!name) return c.fail(self, r.id, code::kWrongPassword, kWrongPasswordText);
    using Found = std::optional<std::pair<storage::PlayerRow, std::optional<std::string>>>;
    auto found = std::make_shared<Found>();
    d_.storage.read(
        [found, key](storage::Store& s) {
            *found = s.player_login(key);
            return storage::Status::ok();
        },
        [this, conn = c.shared_from_this(), self, found, password = *m.password,
         re = r.id](const storage::Status&) {
            if (!*found || !(*found)->second) {
                return conn->fail(self, re, code::kWrongPassword, kWrongPasswordText);
            }
            d_.passwords.verify(*(*found)->second, password, [this, conn, self, found, re](bool ok) {
                if (!ok) return conn->fail(self, re, code::kWrongPassword, kWrongPasswordText);
                // A token of this device's own: the account's other tokens keep working.
                auto token = std::make_shared<std::string>(random_token());
                const auto id = (*found)->first.id;
                const auto now = unix_ms(d_.clock.now());
                d_.storage.write(
                    [id, token, now](storage::Store& s) {
                        return s.add_player_token(id, token_hash(*token), now);
                    },
                    [this, conn, self, found, token, re](const storage::Status& st) {
                        if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not log in");
                        asio::post(conn->strand(), [this, conn, self, found, token, re] {
                            if (conn->player) return conn->fail(self, re, code::kWrongPhase, "already logged in");
                            const auto& row = (*found)->first;
                            d_.sign_in.become(*conn, protocol::PlayerRef{row.id, row.name}, re, self,
                                              [conn, self, token, re] {
                                                  self->send(make_message(protocol::encode_logged_in(
                                                      re, *conn->player, *token)));
                                              });
                        });
                    });
            });
        });
}

void AccountRequests::change_password(Connection& c, const Request& r,
                                      const protocol::ChangePassword& m,
                                      const std::shared_ptr<Outbox>& self) {
    if (!c.player) return c.fail(self, r.id, code::kLoginRequired, "log in to change the password");
    if (!Passwords::acceptable(m.password)) {
        return c.fail(self, r.id, code::kBadPassword, kBadPasswordText);
    }
    const auto id = c.player->id;
    auto store_new = [this, conn = c.shared_from_this(), self, id, password = m.password, re = r.id] {
        d_.passwords.hash(password, [this, conn, self, id, re](auto hash) {
            if (!hash) return conn->fail(self, re, code::kServerBusy, "could not hash the password");
            d_.storage.write(
                [id, hash = *hash](storage::Store& s) { return s.set_password_hash(id, hash); },
                [conn, self, re](const storage::Status& st) {
                    if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not store it");
                    self->send(make_message(protocol::encode_password_changed(re)));
                });
        });
    };
    if (!m.current) return store_new();
    // A current password, when given, must be right (and is an attempt like a login's).
    if (!within_password_budget(c, player_name_key(c.player->name), r.id, self)) return;
    auto stored = std::make_shared<std::optional<std::string>>();
    d_.storage.read(
        [stored, id](storage::Store& s) {
            *stored = s.password_hash(id);
            return storage::Status::ok();
        },
        [this, conn = c.shared_from_this(), self, stored, store_new, current = *m.current,
         re = r.id](const storage::Status&) {
            if (!*stored) return conn->fail(self, re, code::kWrongPassword, "no password is set");
            d_.passwords.verify(**stored, current, [conn, self, store_new, re](bool ok) {
                if (!ok) return conn->fail(self, re, code::kWrongPassword, "wrong current password");
                store_new();
            });
        });
}

void AccountRequests::logout_others(Connection& c, const Request& r,
                                    const std::shared_ptr<Outbox>& self) {
    if (!c.player) return c.fail(self, r.id, code::kLoginRequired, "log in first");
    auto token = std::make_shared<std::string>(random_token());
    d_.storage.write(
        [id = c.player->id, token](storage::Store& s) {
            return s.rotate_player_tokens(id, token_hash(*token));
        },
        [this, conn = c.shared_from_this(), self, token, re = r.id](const storage::Status& st) {
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not rotate tokens");
            asio::post(conn->strand(), [this, conn, self, token, re] {
                // This connection moves to the new generation with the bump: it stays logged in.
                if (conn->player) conn->token_epoch = d_.sign_in.token_epochs().bump(conn->player->id);
                self->send(make_message(protocol::encode_logged_out_others(re, *token)));
            });
        });
}

}  // namespace pinfall::server
