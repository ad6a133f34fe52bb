#include "server/app/leagues/league_news.hpp"

#include <algorithm>

#include "server/app/cluster/cluster_link.hpp"
#include "server/app/cluster/notice_fields.hpp"
#include "server/app/leagues/league_state.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

namespace {
// Every this many watch() calls the whole map is swept of closed connections, so leagues
// nobody touches again do not keep them.
constexpr std::size_t kSweepEvery = 256;
}  // namespace

void LeagueNews::prune(std::int64_t id) {
    const auto it = by_league_.find(id);
    if (it == by_league_.end()) return;
    std::erase_if(it->second, [this, id](const Watcher& w) {
        if (!w.outbox.expired()) return false;
        const auto mine = league_of_.find(w.key);
        if (mine != league_of_.end() && mine->second == id) league_of_.erase(mine);
        return true;
    });
    if (it->second.empty()) by_league_.erase(it);
}

void LeagueNews::watch(std::int64_t id, const std::shared_ptr<Outbox>& to,
                       std::optional<std::int64_t> player) {
    const std::lock_guard lock(mutex_);
    if (++watches_since_sweep_ >= kSweepEvery) {
        watches_since_sweep_ = 0;
        std::vector<std::int64_t> ids;
        for (const auto& [league, list] : by_league_) ids.push_back(league);
        for (const auto league : ids) prune(league);
    }
    const Outbox* key = to.get();
    if (const auto old = league_of_.find(key); old != league_of_.end()) {
        if (const auto list = by_league_.find(old->second); list != by_league_.end()) {
            std::erase_if(list->second, [key](const Watcher& w) { return w.key == key; });
            if (list->second.empty()) by_league_.erase(list);
        }
    }
    league_of_[key] = id;
    by_league_[id].push_back(Watcher{to, key, player});
}

std::size_t LeagueNews::watchers(std::int64_t id) {
    const std::lock_guard lock(mutex_);
    prune(id);
    const auto it = by_league_.find(id);
    return it == by_league_.end() ? 0 : it->second.size();
}

void LeagueNews::announce(std::int64_t id, std::string change, const Outbox* except) {
    if (shared_) {
        // Its own transaction, right after the change's: a crash between the two loses only
        // this push (the league is stored; the next change or a reload shows it).
        storage_.write(
            [payload = notice::joined({node_, std::to_string(id), change})](storage::Store& s) {
                return s.announce(kLeagueChannel, payload);
            },
            nullptr);
    }
    push(id, std::move(change), except);
}

void LeagueNews::heard(const std::string& payload) {
    const auto f = notice::fields(payload, 3);
    std::int64_t id = 0;
    if (f.size() != 3 || f[0] == node_ || !notice::number(f[1], &id) || f[2].empty()) return;
    push(id, std::string(f[2]), nullptr);
}

void listen_for_leagues(ClusterLink& link, std::function<LeagueNews*()> news) {
    link.on(kLeagueChannel, [news = std::move(news)](const std::string& payload) {
        if (LeagueNews* n = news()) n->heard(payload);
    });
}

void LeagueNews::push(std::int64_t id, std::string change, const Outbox* except) {
    std::vector<Watcher> targets;
    {
        const std::lock_guard lock(mutex_);
        prune(id);
        const auto it = by_league_.find(id);
        if (it == by_league_.end()) return;
        for (const auto& w : it->second) {
            if (w.key != except) targets.push_back(w);
        }
    }
    if (targets.empty()) return;
    using Out = std::vector<std::pair<std::shared_ptr<Outbox>, Message>>;
    auto out = std::make_shared<Out>();
    storage_.read(
        [this, id, change = std::move(change), targets = std::move(targets),
         out](storage::Store& s) {
            const auto st = load_league(s, id);
            if (!st) return storage::Status::ok();
            const auto now = clock_.now();
            for (const auto& w : targets) {
                auto to = w.outbox.lock();
                if (!to) continue;
                auto detail = detail_of(*st, w.player, now, secret_);
                detail.change = change;
                out->emplace_back(std::move(to),
                                  make_message(protocol::encode_league(std::nullopt, detail)));
            }
            return storage::Status::ok();
        },
        [out](const storage::Status& st) {
            if (!st.is_ok()) return;  // the next change sends the whole detail again
            for (auto& [to, text] : *out) to->send(text);
        });
}

}  // namespace pinfall::server
