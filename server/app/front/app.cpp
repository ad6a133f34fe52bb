#include "server/app/front/app.hpp"

#include <spdlog/spdlog.h>

#include <stdexcept>

#include "server/app/arenas/arena_finish.hpp"
#include "server/app/boards/result_news.hpp"
#include "server/app/lanes/lane_news.hpp"
#include "server/version.hpp"
#include "storage/coordinator.hpp"

namespace pinfall::server {

namespace asio = boost::asio;

namespace {

// Finished games whose par may wait for an idle core, at most (one small closure each).
constexpr std::size_t kParBacklog = 100000;

// Ranked games read at start for integrity analysis, at most: more than a busy day's.
constexpr int kIntegrityBacklog = 100'000;

// A player handed over to another node waits this long for the holder to let go.
constexpr std::chrono::milliseconds kHandOverWait{3000};

AddressBudgets::Limits budget_limits(const Config& c) {
    AddressBudgets::Limits l;
    l.limit[AddressBudgets::kNewGuest] = c.guests_per_ip;
    l.limit[AddressBudgets::kGameStart] = c.games_per_ip;
    l.limit[AddressBudgets::kLaneOpen] = c.lanes_per_ip;
    l.limit[AddressBudgets::kLaneMiss] = c.lane_misses_per_ip;
    l.limit[AddressBudgets::kPassword] = c.password_tries;
    l.limit[AddressBudgets::kFollow] = c.follows_per_ip;
    l.window = std::chrono::milliseconds(c.budget_window_ms);
    return l;
}

// The VAPID key pair kept in the database (made there by the first node to start).
push::P256KeyPair load_vapid(StorageWorker& storage, const Clock& clock) {
    std::optional<push::P256KeyPair> key;
    storage.run_sync([&](storage::Store& s) {
        key = push::vapid_key_of(s, unix_ms(clock.now()));
        return storage::Status::ok();
    });
    if (!key) throw std::runtime_error("cannot read or store the VAPID key pair");
    return *key;
}

void require(const storage::Status& st, const char* what) {
    if (!st.is_ok()) throw std::runtime_error(std::string(what) + ": " + st.message());
}

}  // namespace

std::unique_ptr<App> App::open(IoPool& pool, const Config& config, const Clock& clock,
                               std::string* error) {
    storage::Status opened;
    auto store = storage::Store::open(config.db_path, &opened);
    if (!store) {
        *error = "cannot open database " + storage::redact_location(config.db_path) + ": " +
                 opened.message();
        return nullptr;
    }
    auto coordinator = storage::Coordinator::open(config.db_path, "pinfall", &opened);
    if (!coordinator) {
        *error = "cannot open the coordination session: " + opened.message();
        return nullptr;
    }
    try {
        return std::unique_ptr<App>(
            new App(pool, config, clock, std::move(store), std::move(coordinator)));
    } catch (const std::runtime_error& e) {
        *error = e.what();
        return nullptr;
    }
}

App::FirstRead App::first_read(storage::Store& store) {
    listen_for_results(link_, leaderboards_);
    Ownership::listen(link_, [this] { return ownership_ptr_.load(); });
    listen_for_lanes(link_, [this] { return lanes_ptr_.load(); });
    listen_for_leagues(link_, [this] { return league_news_ptr_.load(); });
    link_.on(kReviewChannel, [this](const std::string& payload) {
        if (ReviewNews* n = review_news_ptr_.load()) n->on_notice(payload);
    });
    link_.on(kArenaChannel, [this](const std::string& payload) {
        if (ArenaHall* h = arena_hall_ptr_.load()) h->on_notice(payload);
    });
    link_.on(kNoticeChannel, [this](const std::string& payload) {
        if (Inbox* i = inbox_ptr_.load()) i->on_notice(payload);
    });
    require(link_.start(), "cannot listen for other nodes");
    leaderboards_.load(store.daily_results(""));
    ReviewNews::load_bans(store, bans_, leaderboards_);
    FirstRead first;
    first.unanalysed = store.integrity().unanalysed(kIntegrityBacklog);
    first.arenas = ArenaHall::read(store, unix_ms(clock_.now()));
    first.guests = store.guests();
    storage::Status st;
    first.game_ids = GameIds::reserve_first(store, &st);
    require(st, "cannot reserve game ids");
    first.guest_ids = GuestBook::take_first(store, &st);
    require(st, "cannot reserve guest ids");
    return first;
}

App::App(IoPool& pool, const Config& config, const Clock& clock,
         std::unique_ptr<storage::Store> store, std::unique_ptr<storage::Coordinator> coordinator)
    : config_(config),
      clock_(clock),
      leaderboards_(pool.next()),
      link_(std::move(coordinator)),
      first_(first_read(*store)),
      storage_(std::move(store)),
      analysis_limit_(config.analysis_rate, std::chrono::milliseconds(config.analysis_window_ms)),
      analysis_pool_(config.analysis_threads, config.analysis_queue),
      par_pool_(1, kParBacklog, AnalysisPool::Priority::kIdle),
      par_(analysis_pool_, par_pool_, storage_),
      league_news_(storage_, clock, config.secret),
      rooms_{metrics_, storage_, clock,
             [this](const FinishedGame& g) {
                 registry_.finished(g.row.id);
                 if (g.row.mode == storage::GameMode::kPractice) {
                     par_.game_finished(g.row.id, g.row.ruleset, g.row.seed);
                 }
                 if (g.row.mode != storage::GameMode::kPractice) integrity_.game_finished(g.row);
                 if (g.row.mode == storage::GameMode::kArena && g.row.arena && g.row.player &&
                     g.row.par) {
                     arena_hall_.result(ArenaResult{
                         *g.row.arena, *g.row.player, g.player_name, g.row.arena_n, g.row.id,
                         {g.row.score, *g.row.par, g.row.arena_berserk,
                          g.row.finished_at.value_or(0)}});
                 }
                 if (g.row.mode == storage::GameMode::kLeague && g.row.league) {
                     league_news_.announce(*g.row.league, "game_finished");
                 }
                 if (g.row.mode != storage::GameMode::kDaily || !g.row.player) return;
                 leaderboards_.add(BoardLine{g.row.id, *g.row.player, g.player_name, g.row.score,
                                             g.row.strikes, g.row.spares,
                                             g.row.finished_at.value_or(0)},
                                   g.row.day);
                 friend_news_.daily_finished(*g.row.player, g.player_name, g.row.day, g.row.score);
             },
             [this](storage::Store& s, const storage::GameRow& row, const std::string& name) {
                 if (row.mode == storage::GameMode::kArena) {
                     ArenaResult result;
                     return store_arena_points(s, row, name, node_id_, &result);
                 }
                 return announce_result(s, node_id_, row, name);
             }},
      server_name_(kServerName),
      registry_(pool, rooms_, config.max_games, first_.game_ids),
      lanes_(pool, rooms_),
      guests_(metrics_, storage_, clock, first_.guests, first_.guest_ids),
      budgets_(budget_limits(config)),
      ownership_(link_, node_id_, kHandOverWait,
                 [this](std::int64_t player, std::function<void()> done) {
                     registry_.hand_over(player, std::move(done));
                 }),
      inbox_({storage_, ownership_, clock, node_id_}),
      friend_news_({storage_, leaderboards_, inbox_}),
      league_reminders_({storage_, clock, inbox_}),
      integrity_pool_(1, kIntegrityBacklog,
                      config.integrity_idle ? AnalysisPool::Priority::kIdle
                                            : AnalysisPool::Priority::kNormal),
      review_news_({storage_, leaderboards_, bans_, ownership_, node_id_,
                    [this](std::int64_t player) { arena_hall_.player_changed(player); }}),
      integrity_({integrity_pool_, storage_, review_news_, clock, metrics_, inbox_}),
      arena_hall_(pool.next(),
                  {storage_, clock, registry_, node_id_, config.arena_schedule, inbox_}),
      queries_({storage_, leaderboards_, clock, metrics_, par_, config.secret}),
      leagues_({storage_, clock, metrics_, registry_, league_news_, par_, config.secret}),
      share_({storage_, leaderboards_, clock, config.public_url}),
      own_games_(registry_),
      sign_in_(ownership_, token_epochs_, bans_),
      hello_({guests_, ownership_, registry_, storage_, clock, server_name_, bans_}),
      game_requests_({registry_, own_games_, guests_, clock, config.secret}),
      query_requests_(queries_),
      daily_requests_({registry_, guests_, clock, config.secret}),
      lane_requests_({lanes_, guests_, clock}),
      league_requests_(leagues_, config.secret),
      account_requests_({storage_, clock, passwords_, sign_in_, leaderboards_, node_id_}),
      analysis_requests_({own_games_, storage_, clock, analysis_limit_, analysis_pool_}),
      moderation_requests_({storage_, clock, review_news_, inbox_}),
      arena_requests_({storage_, clock, registry_, arena_hall_, node_id_, config.secret}),
      social_requests_({storage_, clock, inbox_}),
      inbox_requests_({storage_, clock}),
      vapid_(load_vapid(storage_, clock)),
      push_sender_({vapid_, config.push_subject, clock, config.push_concurrency}),
      push_requests_({storage_, clock, zones_, push_sender_.public_key(),
                      config.push_insecure_endpoints}),
      // The game actions first: they are almost every message.
      dispatcher_(metrics_, budgets_, guests_, hello_, sign_in_,
                  {&game_requests_, &query_requests_, &daily_requests_, &lane_requests_,
                   &league_requests_, &account_requests_, &analysis_requests_,
                   &moderation_requests_, &arena_requests_, &social_requests_,
                   &inbox_requests_, &push_requests_},
                  config.max_json_depth),
      front_{metrics_, dispatcher_, queries_, leagues_, share_, storage_, node_id_},
      keeper_(std::make_shared<DayKeeper>(
          pool.next(),
          DayKeeper::Deps{clock, storage_, registry_, par_, leagues_, league_reminders_,
                          config.secret})),
      janitor_(std::make_shared<Janitor>(
          pool.next(), Janitor::Swept{guests_, registry_, lanes_, inbox_},
          Janitor::Periods{std::chrono::milliseconds(config.sweep_ms),
                           std::chrono::milliseconds(config.guest_ttl_ms),
                           std::chrono::milliseconds(config.idle_evict_ms)})),
      reminders_(std::make_shared<push::Reminders>(
          pool.next(),
          push::Reminders::Deps{storage_, clock, zones_, push_sender_, metrics_, node_id_,
                                std::chrono::milliseconds(config.reminder_check_ms)})) {
    // The guest book has its copy; the start-up list would only hold memory from here on.
    first_.guests = {};
    integrity_.queue_backlog(first_.unanalysed);
    first_.unanalysed = {};
    arena_hall_.load(std::move(first_.arenas));
    first_.arenas = {};
}

void App::serve(const std::string& node_id) {
    node_id_ = node_id;
    lanes_.set_node_id(node_id);
    lanes_ptr_ = &lanes_;
    league_news_.set_node(node_id, link_.shared());
    league_news_ptr_ = &league_news_;
    link_.post([name = "pinfall:" + node_id](storage::Coordinator& c) {
        if (auto st = c.set_name(name); !st.is_ok()) spdlog::warn("cluster: {}", st.message());
    });
    ownership_ptr_ = &ownership_;
    review_news_ptr_ = &review_news_;
    arena_hall_ptr_ = &arena_hall_;
    inbox_ptr_ = &inbox_;
    arena_hall_.start();
    keeper_->start();
    janitor_->start();
    if (config_.reminder_check_ms > 0) reminders_->start();
}

void App::use_push_transport(std::unique_ptr<push::PushTransport> t) {
    push_sender_.set_transport(std::move(t));
}

void App::stop_timers() {
    arena_hall_.stop();
    keeper_->stop();
    janitor_->stop();
    reminders_->stop();
}

void App::stop_background() {
    link_.stop();  // its handlers post to the boards' strand
    analysis_pool_.stop();
    par_pool_.stop();
    integrity_pool_.stop();
    share_.stop();  // its renders answer through connections
}

void App::finish() {
    // The storage worker's destructor commits these before the process exits.
    registry_.save_unfinished_practice();
    // Completions of the last jobs refer to the registry, the guest book and the lanes: run
    // them now, while those still exist.
    storage_.stop();
}

}  // namespace pinfall::server
