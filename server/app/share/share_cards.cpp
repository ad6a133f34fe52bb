#include "server/app/share/share_cards.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <vector>

#include "server/app/core/calendar.hpp"
#include "server/app/share/share_image.hpp"

namespace pinfall::server {

std::shared_ptr<const std::string> ShareCache::find(const std::string& key) {
    std::lock_guard lock(mu_);
    const auto it = by_key_.find(key);
    if (it == by_key_.end()) return nullptr;
    order_.splice(order_.begin(), order_, it->second);
    return it->second->png;
}

void ShareCache::put(std::int64_t game, const std::string& key,
                     std::shared_ptr<const std::string> png) {
    std::lock_guard lock(mu_);
    if (const auto it = by_key_.find(key); it != by_key_.end()) {
        order_.splice(order_.begin(), order_, it->second);
        return;
    }
    if (const auto it = by_game_.find(game); it != by_game_.end()) erase(it->second);
    while (order_.size() >= capacity_) erase(std::prev(order_.end()));
    order_.push_front(Entry{key, game, std::move(png)});
    by_key_[key] = order_.begin();
    by_game_[game] = order_.begin();
}

std::size_t ShareCache::size() const {
    std::lock_guard lock(mu_);
    return order_.size();
}

void ShareCache::erase(std::list<Entry>::iterator it) {
    by_key_.erase(it->key);
    by_game_.erase(it->game);
    order_.erase(it);
}

namespace {

// What storage holds of a card, read on the storage worker.
struct ShareRows {
    std::optional<storage::GameRow> game;
    std::vector<std::string> daily_days;  // the player's finished daily days on the boards
    std::optional<int> day_par;           // the revealed day's par, when the game has none
};

// A sample card, rendered once at start so the first request does not pay for fontconfig.
ShareFacts share_warm_up_facts() {
    ShareFacts f;
    f.day = "2026-11-29";
    f.player = "Pinfall";
    f.marks.fill("X");
    return f;
}

}  // namespace

ShareCards::ShareCards(Deps deps, std::size_t cache_cards) : d_(deps), cache_(cache_cards) {
    boost::asio::post(render_, [] { render_card_png(card_layout(share_warm_up_facts())); });
}

ShareCards::~ShareCards() { stop(); }

void ShareCards::stop() {
    stopped_ = true;
    render_.stop();
    render_.join();
}

void ShareCards::facts(std::int64_t game, std::function<void(Facts)> done) {
    auto rows = std::make_shared<ShareRows>();
    d_.storage.read(
        [rows, game](storage::Store& st) {
            rows->game = st.game(game);
            const auto& g = rows->game;
            if (!g || g->mode != storage::GameMode::kDaily || !g->finished_at || !g->player ||
                !storage::on_boards(g->review)) {
                rows->game.reset();
                return storage::Status::ok();
            }
            for (const auto& played : st.games_of(*g->player)) {
                if (played.mode == storage::GameMode::kDaily && storage::on_boards(played.review)) {
                    rows->daily_days.push_back(played.day);
                }
            }
            if (!g->par) {
                if (const auto p = st.day_par(g->day)) rows->day_par = p->first;
            }
            return storage::Status::ok();
        },
        [this, rows, done = std::move(done)](const storage::Status& status) mutable {
            if (!status.is_ok()) return done(Facts{Status::kStorageError, std::nullopt});
            if (!rows->game) return done(Facts{Status::kNotFound, std::nullopt});
            const storage::GameRow& g = *rows->game;
            const bool revealed = is_revealed(g.day, d_.clock.now());
            // Everything but the standing, here (a replay: microseconds), so the boards'
            // strand only reads the board.
            auto partial = std::make_shared<ShareFacts>(
                share_facts(g, "", ShareStanding{}, rows->daily_days, revealed,
                            g.par ? g.par : rows->day_par));
            d_.leaderboards.summary(
                g.day, *g.player,
                [partial, done = std::move(done)](DaySummary sum) mutable {
                    // Not on the board: held, disqualified, banned, or not yet listed here.
                    if (!sum.me || sum.me->line.game != partial->game) {
                        return done(Facts{Status::kNotFound, std::nullopt});
                    }
                    ShareFacts f = std::move(*partial);
                    f.player = sum.me->line.name;
                    f.rank = sum.me->rank;
                    f.total = sum.total;
                    f.percentile = sum.total ? 100.0 * static_cast<double>(sum.at_or_below) /
                                                   static_cast<double>(sum.total)
                                             : 0.0;
                    done(Facts{Status::kOk, std::move(f)});
                });
        });
}

void ShareCards::image(std::int64_t game, std::function<void(Image)> done) {
    facts(game, [this, done = std::move(done)](Facts facts) mutable {
        if (facts.status != Status::kOk) return done(Image{facts.status, nullptr});
        if (stopped_) return done(Image{Status::kStopped, nullptr});
        boost::asio::post(render_, [this, f = std::move(*facts.facts), done = std::move(done)] {
            bool rendered = false;
            auto png = cached_card_png(cache_, f, &rendered);
            if (png) (rendered ? renders_ : hits_).fetch_add(1, std::memory_order_relaxed);
            done(Image{png ? Status::kOk : Status::kRenderError, std::move(png)});
        });
    });
}

std::shared_ptr<const std::string> cached_card_png(ShareCache& cache, const ShareFacts& f,
                                                   bool* rendered) {
    if (rendered) *rendered = false;
    const std::string key = share_key(f);
    if (auto hit = cache.find(key)) return hit;
    std::string error;
    auto png = render_card_png(card_layout(f), &error);
    if (!png) {
        spdlog::warn("share card of game {}: {}", f.game, error);
        return nullptr;
    }
    if (rendered) *rendered = true;
    auto shared = std::make_shared<const std::string>(std::move(*png));
    cache.put(f.game, key, shared);
    return shared;
}

}  // namespace pinfall::server
