#include "server/app/front/day_keeper.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "server/app/core/calendar.hpp"

namespace pinfall::server {

void DayKeeper::start() {
    boost::asio::post(timer_.get_executor(), [self = shared_from_this()] { self->tick(); });
}

void DayKeeper::stop() {
    boost::asio::post(timer_.get_executor(), [self = shared_from_this()] {
        self->stopped_ = true;
        self->timer_.cancel();
    });
}

void DayKeeper::schedule() {
    if (stopped_) return;
    timer_.expires_after(std::chrono::seconds(1));
    timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
        if (!ec) self->tick();
    });
}

void DayKeeper::tick() {
    services_.leagues.close_due_rounds();
    services_.reminders.check();
    const std::string latest = latest_revealed_day(services_.clock.now());
    if (busy_ || latest == processed_) return schedule();
    busy_ = true;
    services_.registry.unfinished_daily(
        latest, [self = shared_from_this(), latest](std::vector<std::shared_ptr<GameRoom>> rooms) {
            for (const auto& room : rooms) {
                boost::asio::post(room->executor(), [room] { room->end_at_reveal(); });
            }
            const auto now = unix_ms(self->services_.clock.now());
            self->services_.storage.write(
                [latest, now](storage::Store& s) { return s.mark_revealed(latest, now); },
                [self, latest, now, n = rooms.size()](const storage::Status& st) {
                    // The day's par, now that nothing of the day is secret (issue 16).
                    if (st.is_ok()) {
                        self->services_.par.day_revealed(
                            latest, engine::daily_seed(self->services_.secret, latest), now);
                    }
                    boost::asio::post(self->timer_.get_executor(), [self, latest, n, st] {
                        if (st.is_ok()) {
                            if (n) spdlog::info("day {} revealed: {} open attempts ended", latest, n);
                            self->processed_ = latest;
                        }
                        self->busy_ = false;
                        self->schedule();
                    });
                });
        });
}

}  // namespace pinfall::server
