// A connection's settings and push devices (docs/protocol.md "Reminders and settings"):
// settings, settings_set, push_subscribe, push_unsubscribe, reminders_stop -> settings;
// push_key -> push_key. All but push_key need a ranked identity (login_required without one).
// A change of time zone or hour, or a new device, sets when the reminders scheduler next looks
// at each of the player's devices.
//
// Thread-safety: handle() REQUIRES the connection's strand (RequestHandler).
#pragma once

#include "server/app/core/clock.hpp"
#include "server/app/core/request_handler.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/push/time_zone.hpp"

namespace pinfall::server::push {

class PushRequests final : public RequestHandler {
   public:
    struct Deps {
        StorageWorker& storage;
        const Clock& clock;
        TimeZones& zones;
        std::string public_key;  // base64url, push_key's answer
        bool insecure_endpoints = false;
    };
    explicit PushRequests(Deps d) : d_(std::move(d)) {}

    bool handle(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self,
                Received received) override;

   private:
    void settings(Connection& c, protocol::Re re, const protocol::SettingsRequest& m,
                  const std::shared_ptr<Outbox>& self);

    Deps d_;
};

}  // namespace pinfall::server::push
