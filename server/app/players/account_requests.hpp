// The account requests of a connection: register (optionally with a password), login by token
// or by name and password, change_password and logout_others (token rotation).
// docs/protocol.md "Passwords and tokens" is the contract. Passwords go from the decoded request
// straight to Passwords (argon2id on its own thread) and are never logged, stored or echoed.
//
// Thread-safety: handle() REQUIRES the connection's strand (RequestHandler); storage and hashing
// callbacks post back to it before touching the connection's identity.
#pragma once

#include <string>

#include "server/app/boards/leaderboards.hpp"
#include "server/app/core/clock.hpp"
#include "server/app/core/request_handler.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/players/passwords.hpp"
#include "server/app/players/sign_in.hpp"

namespace pinfall::server {

class AccountRequests final : public RequestHandler {
   public:
    // Every member outlives this object.
    struct Deps {
        StorageWorker& storage;
        const Clock& clock;
        Passwords& passwords;
        SignIn& sign_in;
        Leaderboards& leaderboards;  // renamed lines of a guest that registers
        const std::string& node_id;  // announced with a rename (docs/scaling.md)
    };
    explicit AccountRequests(Deps deps) : d_(deps) {}

    bool handle(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self,
                Received received) override;

   private:
    void register_player(Connection& c, const protocol::Request& r, const protocol::Register& m,
                         const std::shared_ptr<Outbox>& self);
    void login(Connection& c, const protocol::Request& r, const protocol::Login& m,
               const std::shared_ptr<Outbox>& self);
    void password_login(Connection& c, const protocol::Request& r, const protocol::Login& m,
                        const std::shared_ptr<Outbox>& self);
    void change_password(Connection& c, const protocol::Request& r,
                         const protocol::ChangePassword& m, const std::shared_ptr<Outbox>& self);
    void logout_others(Connection& c, const protocol::Request& r,
                       const std::shared_ptr<Outbox>& self);
    // Takes one password attempt from c's address and the account named by name_key;
    // otherwise replies password_limited and returns false.
    bool within_password_budget(Connection& c, const std::string& name_key, protocol::Re re,
                                const std::shared_ptr<Outbox>& self);

    Deps d_;
};

}  // namespace pinfall::server
