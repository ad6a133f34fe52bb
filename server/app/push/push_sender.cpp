#include "server/app/push/push_sender.hpp"

namespace pinfall::server::push {

namespace {

constexpr std::int64_t kJwtLife = 12 * 3600;  // RFC 8292: at most 24 hours
constexpr std::int64_t kJwtRenew = 3600;      // renewed when less than this is left

}  // namespace

PushSender::PushSender(Deps d) : d_(std::move(d)), public_key_(base64url_encode(d_.vapid.public_key)) {}

void PushSender::send(PushMessage m, Done done) {
    {
        std::lock_guard lock(mutex_);
        queue_.push_back(Job{std::move(m), std::move(done)});
    }
    pump();
}

void PushSender::pump() {
    for (;;) {
        Job job;
        {
            std::lock_guard lock(mutex_);
            if (queue_.empty() || in_flight_ >= d_.concurrency) return;
            job = std::move(queue_.front());
            queue_.pop_front();
            ++in_flight_;
        }
        start(std::move(job));
    }
}

std::string PushSender::authorization(const std::string& origin) {
    const std::int64_t now = unix_ms(d_.clock.now()) / 1000;
    {
        std::lock_guard lock(mutex_);
        const auto it = tokens_.find(origin);
        if (it != tokens_.end() && it->second.exp - now > kJwtRenew) return it->second.header;
    }
    const auto jwt = vapid_jwt(origin, now + kJwtLife, d_.subject, d_.vapid);
    if (!jwt) return {};
    std::string header = "vapid t=" + *jwt + ", k=" + public_key_;
    std::lock_guard lock(mutex_);
    tokens_[origin] = Token{header, now + kJwtLife};
    return header;
}

void PushSender::start(Job job) {
    auto finish = [this, done = std::move(job.done)](PushOutcome outcome, const std::string& why) {
        {
            std::lock_guard lock(mutex_);
            --in_flight_;
        }
        done(outcome, why);
        pump();
    };
    if (!transport_) return finish(PushOutcome::kFailed, "no way to reach push services");
    const auto url = parse_push_url(job.message.endpoint);
    const auto ua_public = base64url_decode(job.message.p256dh);
    const auto auth = base64url_decode(job.message.auth);
    if (!url || !ua_public || !auth) return finish(PushOutcome::kFailed, "a bad subscription");
    auto body = encrypt(job.message.payload, *ua_public, *auth);
    if (!body) return finish(PushOutcome::kFailed, "the payload could not be encrypted");
    std::string authorization_header = authorization(url->origin());
    if (authorization_header.empty()) return finish(PushOutcome::kFailed, "no VAPID signature");
    PushHttpRequest request{*url, {}, std::move(*body)};
    request.headers = {{"TTL", std::to_string(job.message.ttl)},
                       {"Content-Encoding", "aes128gcm"},
                       {"Content-Type", "application/octet-stream"},
                       {"Urgency", "normal"},
                       {"Authorization", std::move(authorization_header)}};
    if (!job.message.topic.empty()) request.headers.emplace_back("Topic", job.message.topic);
    transport_->post(std::move(request), [finish = std::move(finish)](PushHttpResult r) {
        if (r.status >= 200 && r.status < 300) return finish(PushOutcome::kSent, "");
        if (r.status == 404 || r.status == 410) {
            return finish(PushOutcome::kGone, "status " + std::to_string(r.status));
        }
        finish(PushOutcome::kFailed,
               r.status ? "status " + std::to_string(r.status) : r.error);
    });
}

}  // namespace pinfall::server::push
