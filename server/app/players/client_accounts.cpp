// Client: accounts. Registration (optionally with a password), login by token or by name and
// password, change_password and logout_others (token rotation). docs/protocol.md "Passwords
// and tokens" is the contract. Passwords go from the decoded request straight to Passwords
// (argon2id on its own thread) and are never logged, stored or echoed.
#include <boost/asio/post.hpp>

#include <algorithm>

#include "protocol/encode.hpp"
#include "protocol/replies.hpp"
#include "server/app/boards/result_news.hpp"
#include "server/app/core/client.hpp"
#include "server/app/core/calendar.hpp"
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

void Client::become(protocol::PlayerRef player, protocol::Re re,
                    const std::shared_ptr<Outbox>& self, std::function<void()> then) {
    auto owned = [this, keep = shared_from_this(), player, re, self,
                  then = std::move(then)](Ownership::Hold hold) {
        asio::post(strand_, [this, keep, player, re, self, then, hold] {
            if (!hold) {
                return fail(self, re, code::kPlayerElsewhere,
                            "this player is being moved from another server; try again");
            }
            if (player_) {  // two logins raced: the first one stands
                if (services_.ownership) services_.ownership->release(player.id, hold);
                return fail(self, re, code::kWrongPhase, "already logged in");
            }
            owned_ = player.id;
            hold_ = hold;
            token_epoch_ = services_.token_epochs->current(player.id);
            player_ = player;
            then();
        });
    };
    if (!services_.ownership) return owned(std::make_shared<std::atomic<bool>>(false));
    services_.ownership->acquire(player.id, self, std::move(owned));
}

bool Client::session_current(const Request& r, const std::shared_ptr<Outbox>& self) {
    if (moved()) {
        fail(self, r.id, code::kMoved, "this player is served by another server now; reconnect");
        return false;
    }
    if (!player_ || services_.token_epochs->current(player_->id) == token_epoch_) return true;
    player_.reset();
    if (owned_ && services_.ownership) services_.ownership->release(*owned_, hold_);
    owned_.reset();
    hold_.reset();
    fail(self, r.id, code::kBadToken,
         "this session was logged out by logout_others; log in again");
    return false;
}

bool Client::within_password_budget(const std::string& name_key, protocol::Re re,
                                    const std::shared_ptr<Outbox>& self) {
    auto& budgets = services_.budgets;
    const std::string account = "pw:" + name_key;
    if (budgets.take_both(AddressBudgets::kPassword, address_key_, account)) return true;
    const auto wait = std::max(budgets.retry_after_s(AddressBudgets::kPassword, address_key_),
                               budgets.retry_after_s(AddressBudgets::kPassword, account));
    fail(self, re, code::kPasswordLimited,
         "too many password attempts for this account or from here; try again in " +
             std::to_string(std::max<std::int64_t>(1, wait)) + " s");
    return false;
}

void Client::register_player(const Request& r, const protocol::Register& m,
                             const std::shared_ptr<Outbox>& self) {
    if (player_) return fail(self, r.id, code::kWrongPhase, "already logged in");
    const auto name = normalize_player_name(m.name);
    if (!name) {
        return fail(self, r.id, code::kBadName,
                    "names have 3-24 letters, digits, spaces, '_' or '-'");
    }
    if (is_guest_name(*name)) {
        return fail(self, r.id, code::kBadName, "names starting with guest- are kept for guests");
    }
    if (m.password && !Passwords::acceptable(*m.password)) {
        return fail(self, r.id, code::kBadPassword, kBadPasswordText);
    }
    auto create = [this, keep = shared_from_this(), self, name = *name,
                   re = r.id](std::optional<std::string> password_hash) {
        auto token = std::make_shared<std::string>(random_token());
        auto id = std::make_shared<storage::PlayerId>(0);
        const auto now = unix_ms(services_.clock.now());
        // The guest becomes the account (storage/guest_players.hpp): its ranked identity, if
        // it played the daily, is renamed and kept, with its finished games.
        services_.storage.write(
            [token, id, name, now, password_hash, node = services_.node_id,
             guest = static_cast<std::int64_t>(*guest_)](storage::Store& s) {
                auto st = storage::register_from_guest(s, guest, name, player_name_key(name),
                                                       token_hash(*token), now, id.get());
                if (st.is_ok() && password_hash) st = s.set_password_hash(*id, *password_hash);
                // Other nodes' boards show a guest's daily line under its new name too.
                if (st.is_ok()) st = s.announce(kRenameChannel, encode_rename({node, *id, name}));
                return st;
            },
            [this, keep, self, token, id, name, re](const storage::Status& st) {
                if (st.is_conflict()) return fail(self, re, code::kNameTaken, "that name is taken");
                if (!st.is_ok()) return fail(self, re, code::kStorageError, "could not register");
                services_.leaderboards.rename(*id, name);
                asio::post(strand_, [this, keep, self, token, id, name, re] {
                    guest_player_.reset();
                    guest_claimed_ = true;
                    become(protocol::PlayerRef{*id, name}, re, self, [this, self, token, re] {
                        self->send(make_message(protocol::encode_registered(
                            re, protocol::Registered{*player_, *token})));
                    });
                });
            });
    };
    if (!m.password) return create(std::nullopt);
    // Hashing costs the server; a registration with a password spends one attempt of the
    // address's password budget (not the new account's).
    if (!services_.budgets.take(AddressBudgets::kPassword, address_key_)) {
        return fail(self, r.id, code::kPasswordLimited,
                    "too many password attempts from here; try again later");
    }
    services_.passwords->hash(*m.password, [this, self, create, re = r.id](auto hash) {
        if (!hash) return fail(self, re, code::kServerBusy, "could not hash the password");
        create(std::move(hash));
    });
}

void Client::login(const Request& r, const protocol::Login& m,
                   const std::shared_ptr<Outbox>& self) {
    if (player_) return fail(self, r.id, code::kWrongPhase, "already logged in");
    if (!m.token) return password_login(r, m, self);
    auto found = std::make_shared<std::optional<storage::PlayerRow>>();
    services_.storage.read(
        [found, hash = token_hash(*m.token)](storage::Store& s) {
            *found = s.player_by_token(hash);
            return storage::Status::ok();
        },
        [this, keep = shared_from_this(), self, found, re = r.id](const storage::Status&) {
            if (!*found) return fail(self, re, code::kBadToken, "unknown token");
            asio::post(strand_, [this, keep, self, found, re] {
                become(protocol::PlayerRef{(*found)->id, (*found)->name}, re, self, [this, self, re] {
                    self->send(make_message(protocol::encode_logged_in(re, *player_)));
                });
            });
        });
}

void Client::password_login(const Request& r, const protocol::Login& m,
                            const std::shared_ptr<Outbox>& self) {
    // Every attempt counts, right or wrong, known name or not: the budget also bounds the
    // hashing work one address can cause.
    const auto name = normalize_player_name(*m.name);
    const std::string key = player_name_key(name ? *name : *m.name);
    if (!within_password_budget(key, r.id, self)) return;
    if (!name) return fail(self, r.id, code::kWrongPassword, kWrongPasswordText);
    using Found = std::optional<std::pair<storage::PlayerRow, std::optional<std::string>>>;
    auto found = std::make_shared<Found>();
    services_.storage.read(
        [found, key](storage::Store& s) {
            *found = s.player_login(key);
            return storage::Status::ok();
        },
        [this, keep = shared_from_this(), self, found, password = *m.password,
         re = r.id](const storage::Status&) {
            if (!*found || !(*found)->second) {
                return fail(self, re, code::kWrongPassword, kWrongPasswordText);
            }
            services_.passwords->verify(*(*found)->second, password, [this, keep, self, found,
                                                                      re](bool ok) {
                if (!ok) return fail(self, re, code::kWrongPassword, kWrongPasswordText);
                // A token of this device's own: the account's other tokens keep working.
                auto token = std::make_shared<std::string>(random_token());
                const auto id = (*found)->first.id;
                const auto now = unix_ms(services_.clock.now());
                services_.storage.write(
                    [id, token, now](storage::Store& s) {
                        return s.add_player_token(id, token_hash(*token), now);
                    },
                    [this, keep, self, found, token, re](const storage::Status& st) {
                        if (!st.is_ok()) return fail(self, re, code::kStorageError, "could not log in");
                        asio::post(strand_, [this, keep, self, found, token, re] {
                            if (player_) return fail(self, re, code::kWrongPhase, "already logged in");
                            become(protocol::PlayerRef{(*found)->first.id, (*found)->first.name}, re,
                                   self, [this, self, token, re] {
                                       self->send(make_message(
                                           protocol::encode_logged_in(re, *player_, *token)));
                                   });
                        });
                    });
            });
        });
}

void Client::change_password(const Request& r, const protocol::ChangePassword& m,
                             const std::shared_ptr<Outbox>& self) {
    if (!player_) return fail(self, r.id, code::kLoginRequired, "log in to change the password");
    if (!Passwords::acceptable(m.password)) {
        return fail(self, r.id, code::kBadPassword, kBadPasswordText);
    }
    const auto id = player_->id;
    auto store_new = [this, keep = shared_from_this(), self, id, password = m.password,
                      re = r.id] {
        services_.passwords->hash(password, [this, keep, self, id, re](auto hash) {
            if (!hash) return fail(self, re, code::kServerBusy, "could not hash the password");
            services_.storage.write(
                [id, hash = *hash](storage::Store& s) { return s.set_password_hash(id, hash); },
                [self, this, keep, re](const storage::Status& st) {
                    if (!st.is_ok()) return fail(self, re, code::kStorageError, "could not store it");
                    self->send(make_message(protocol::encode_password_changed(re)));
                });
        });
    };
    if (!m.current) return store_new();
    // A current password, when given, must be right (and is an attempt like a login's).
    if (!within_password_budget(player_name_key(player_->name), r.id, self)) return;
    auto stored = std::make_shared<std::optional<std::string>>();
    services_.storage.read(
        [stored, id](storage::Store& s) {
            *stored = s.password_hash(id);
            return storage::Status::ok();
        },
        [this, keep = shared_from_this(), self, stored, store_new, current = *m.current,
         re = r.id](const storage::Status&) {
            if (!*stored) return fail(self, re, code::kWrongPassword, "no password is set");
            services_.passwords->verify(**stored, current, [this, self, store_new, re](bool ok) {
                if (!ok) return fail(self, re, code::kWrongPassword, "wrong current password");
                store_new();
            });
        });
}

void Client::logout_others(const Request& r, const std::shared_ptr<Outbox>& self) {
    if (!player_) return fail(self, r.id, code::kLoginRequired, "log in first");
    auto token = std::make_shared<std::string>(random_token());
    services_.storage.write(
        [id = player_->id, token](storage::Store& s) {
            return s.rotate_player_tokens(id, token_hash(*token));
        },
        [this, keep = shared_from_this(), self, token, re = r.id](const storage::Status& st) {
            if (!st.is_ok()) return fail(self, re, code::kStorageError, "could not rotate tokens");
            asio::post(strand_, [this, keep, self, token, re] {
                // This connection moves to the new generation with the bump: it stays logged in.
                if (player_) token_epoch_ = services_.token_epochs->bump(player_->id);
                self->send(make_message(protocol::encode_logged_out_others(re, *token)));
            });
        });
}

}  // namespace pinfall::server
