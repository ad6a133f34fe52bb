// Share cards (server/app/share/): a property test over 50 finished daily games that nothing a
// card or its page says before the day's reveal names a card, a play or the record; the PNG
// decoded (signature, IHDR 1200x630, no text chunks, not blank); the cache's bounds; escaping.
#include <catch2/catch.hpp>

#include <cairo.h>

#include <bit>
#include <cstring>
#include <regex>
#include <set>

#include "engine/pins.hpp"
#include "engine/record.hpp"
#include "engine/seed.hpp"
#include "server/app/core/calendar.hpp"
#include "server/app/share/share_cards.hpp"
#include "server/app/share/share_image.hpp"
#include "server/app/share/share_page.hpp"

using namespace pinfall;
using namespace pinfall::server;

namespace {

// A card's name as engine/card.hpp writes it ("AH", "7S", "10H") or reads it (either case),
// standing as a word of its own.
bool share_names_a_card(const std::string& s) {
    static const std::regex card(R"((^|[^A-Za-z0-9])(A|a|10|[2-9])[HhSs]([^A-Za-z0-9]|$))");
    return std::regex_search(s, card);
}

// Anything of a game's record: the notation's header, a play token ("2:3,5"), the seed.
bool share_names_the_record(const std::string& s, const engine::Seed& seed) {
    static const std::regex play(R"((^|[^0-9])[1-3]:[0-9]+(,[0-9]+)*)");
    return s.find("pinfall/1") != std::string::npos || std::regex_search(s, play) ||
           s.find(engine::seed_hex(seed)) != std::string::npos;
}

struct ShareRng {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return s;
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

// A finished daily attempt of `day`, played by a random mix of plays and stops; one in five
// resigns part way.
storage::GameRow share_played_daily(std::int64_t id, const std::string& day, ShareRng& rng) {
    storage::GameRow g;
    g.id = id;
    g.player = 100 + id;
    g.mode = storage::GameMode::kDaily;
    g.day = day;
    g.seed = engine::daily_seed("test-secret", day);
    engine::Game game(engine::Ruleset::kSackson, g.seed);
    const int resign_at = rng.below(5) == 0 ? rng.below(30) : -1;
    for (int step = 0; !game.over(); ++step) {
        engine::Action a = engine::Action::stop();
        if (step == resign_at) {
            a = engine::Action::resign();
        } else if (rng.below(8) != 0) {
            std::vector<engine::Action> plays;
            const auto legal = game.legal();
            for (int pile = 0; pile < engine::kPileCount; ++pile) {
                for (auto set = legal[pile]; set; set &= set - 1) {
                    const engine::PinMask m = engine::kGroups[std::countr_zero(set)];
                    std::vector<int> pins;
                    for (int p = 1; p <= 10; ++p) {
                        if (m & engine::pin_bit(p)) pins.push_back(p);
                    }
                    plays.push_back(engine::Action::play(pile, pins));
                }
            }
            if (!plays.empty()) a = plays[rng.below(static_cast<int>(plays.size()))];
        }
        REQUIRE_FALSE(game.apply(a));
    }
    g.actions = game.actions();
    g.resigned = game.resigned();
    g.score = game.score();
    g.finished_at = 1'700'000'000'000 + id;
    return g;
}

std::string share_day_of(int i) {
    const auto start = day_start("2026-01-01");
    return utc_date(*start + std::chrono::hours(24 * i));
}

// Every string the card draws, its page and its unfurl say.
std::vector<std::string> share_said(const ShareFacts& f) {
    const ShareText t = share_text(f);
    std::vector<std::string> out = {t.title,     t.date,   t.score,      t.score_note,
                                    t.rank,      t.rank_note, t.percentile, t.streak,
                                    t.par,       t.footer, t.grid,       t.description};
    for (const auto& text : card_layout(f).texts) out.push_back(text.text);
    out.push_back(share_page_html(f, ShareOrigin{"pinfall.example", true, ""}));
    return out;
}

// The PNG's chunks by type, after checking the signature.
std::vector<std::pair<std::string, std::string>> share_png_chunks(const std::string& png) {
    static const unsigned char kSignature[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    REQUIRE(png.size() > 8);
    REQUIRE(std::memcmp(png.data(), kSignature, 8) == 0);
    std::vector<std::pair<std::string, std::string>> chunks;
    std::size_t at = 8;
    while (at + 12 <= png.size()) {
        const auto* p = reinterpret_cast<const unsigned char*>(png.data() + at);
        const std::uint32_t length = (std::uint32_t{p[0]} << 24) | (p[1] << 16) | (p[2] << 8) | p[3];
        REQUIRE(at + 12 + length <= png.size());
        chunks.emplace_back(png.substr(at + 4, 4), png.substr(at + 8, length));
        at += 12 + length;
    }
    CHECK(at == png.size());
    return chunks;
}

std::uint32_t share_be32(const std::string& s, std::size_t at) {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data() + at);
    return (std::uint32_t{p[0]} << 24) | (p[1] << 16) | (p[2] << 8) | p[3];
}

struct SharePngReader {
    const std::string& png;
    std::size_t at = 0;
};
cairo_status_t share_read_png(void* closure, unsigned char* data, unsigned int length) {
    auto* r = static_cast<SharePngReader*>(closure);
    if (r->at + length > r->png.size()) return CAIRO_STATUS_READ_ERROR;
    std::memcpy(data, r->png.data() + r->at, length);
    r->at += length;
    return CAIRO_STATUS_SUCCESS;
}

ShareFacts share_sample_facts() {
    ShareRng rng{0x5eed};
    const auto g = share_played_daily(12, "2026-11-29", rng);
    return share_facts(g, "Ann Lee", ShareStanding{3, 17, 15}, {"2026-11-27", "2026-11-28"},
                       false, std::nullopt);
}

}  // namespace

TEST_CASE("share: the detectors find card names and records") {
    CHECK(share_names_a_card("7H"));
    CHECK(share_names_a_card("a 10s here"));
    CHECK(share_names_a_card("(AH)"));
    CHECK_FALSE(share_names_a_card("Rank 3 of 17 · streak 5 days · X 7/ 9- = 143"));
    const auto seed = engine::daily_seed("test-secret", "2026-11-29");
    CHECK(share_names_the_record("1:1,3,6", seed));
    CHECK(share_names_the_record(engine::seed_hex(seed), seed));
    CHECK_FALSE(share_names_the_record("until 01:00 UTC", seed));
}

TEST_CASE("share: nothing said before the reveal names a card, a play or the record (50 games)") {
    ShareRng rng{0xC0FFEE};
    for (int i = 0; i < 50; ++i) {
        const std::string day = share_day_of(i);
        const auto g = share_played_daily(i + 1, day, rng);
        INFO("game " << i << " " << engine::record_text({g.ruleset, g.seed, g.actions}));
        const std::uint64_t total = 1 + rng.below(500);
        const ShareStanding standing{1 + rng.below(static_cast<int>(total)), total,
                                     1 + static_cast<std::uint64_t>(rng.below(static_cast<int>(total)))};
        std::vector<std::string> days;
        for (int d = 0; d < i; ++d) {
            if (rng.below(3) != 0) days.push_back(share_day_of(d));
        }
        // The par is given and must be left out before the reveal.
        const ShareFacts before = share_facts(g, "Player " + std::to_string(i), standing, days,
                                              false, 150);
        CHECK_FALSE(before.par);
        CHECK(before.score == g.score);
        for (const auto& s : share_said(before)) {
            INFO(s);
            CHECK_FALSE(share_names_a_card(s));
            CHECK_FALSE(share_names_the_record(s, g.seed));
            CHECK(s.find("par") == std::string::npos);
        }
        // The PNG carries only pixels: no text chunk could name anything.
        const auto png = render_card_png(card_layout(before));
        REQUIRE(png);
        for (const auto& [type, data] : share_png_chunks(*png)) {
            CHECK((type == "IHDR" || type == "IDAT" || type == "IEND"));
        }
        // After the reveal the card may add % of par, and says the standing is final.
        const ShareFacts after = share_facts(g, "Player " + std::to_string(i), standing, days,
                                             true, 150);
        REQUIRE(after.par == 150);
        const ShareText t = share_text(after);
        CHECK(t.par.find("% of par (150)") != std::string::npos);
        CHECK(t.rank_note == "final");
        CHECK(share_key(after) != share_key(before));
    }
}

TEST_CASE("share: the facts of a game: marks, totals, the standing and the streak") {
    ShareRng rng{7};
    auto g = share_played_daily(5, "2026-11-29", rng);
    const auto game = engine::replay({g.ruleset, g.seed, g.actions}).game;
    const ShareFacts f = share_facts(g, "Ann", ShareStanding{2, 10, 9},
                                     {"2026-11-26", "2026-11-27", "2026-11-28", "2026-11-24",
                                      "2026-11-23", "2026-11-22", "2026-11-30"},
                                     false, std::nullopt);
    for (int frame = 1; frame <= 10; ++frame) CHECK(f.marks[frame - 1] == game.sheet().marks(frame));
    CHECK(f.score == game.score());
    CHECK(f.percentile == Approx(90.0));
    CHECK(f.streak == 4);       // 26-29 (the 30th comes after the game's day)
    CHECK(f.best_streak == 4);  // 22-24 is three
    const ShareText t = share_text(f);
    CHECK(t.rank == "Rank 2 of 10");
    CHECK(t.rank_note == "so far today");
    CHECK(t.percentile == "Percentile 90.0");
    CHECK(t.streak == "Streak 4 days");
    CHECK(t.date == "Sun 29 Nov 2026");
    CHECK(t.footer.find("01:00 UTC, Mon 30 Nov 2026") != std::string::npos);
    // The grid is the web's share line: the marks of the frames bowled, then the score.
    std::string grid;
    for (const auto& m : f.marks) {
        if (!m.empty()) grid += (grid.empty() ? "" : " ") + m;
    }
    if (f.ended_early) grid += " (resigned)";
    CHECK(t.grid == grid + " = " + std::to_string(f.score));
    // A game resigned at once: no frame, a score of 0.
    storage::GameRow r = g;
    r.actions = {engine::Action::resign()};
    r.resigned = true;
    r.score = 0;
    const ShareFacts early = share_facts(r, "Ann", ShareStanding{10, 10, 1}, {}, false, {});
    CHECK(early.ended_early);
    CHECK(early.score == 0);
    CHECK(share_text(early).grid == "(resigned) = 0");
    CHECK(share_text(early).streak == "Streak 1 day");
    // The last bowled frame's total is the score, rolls not bowled counting 0.
    ShareRng rng2{99};
    for (int i = 0; i < 20; ++i) {
        const auto h = share_played_daily(i, "2026-11-29", rng2);
        const ShareFacts hf = share_facts(h, "B", {}, {}, false, {});
        int last = -1;
        for (int k = 0; k < 10; ++k) {
            if (!hf.marks[k].empty()) last = k;
        }
        if (last >= 0) CHECK(hf.totals[last] == hf.score);
    }
}

TEST_CASE("share: the PNG decodes to a 1200x630 picture that is not blank") {
    const ShareFacts f = share_sample_facts();
    std::string error;
    const auto png = render_card_png(card_layout(f), &error);
    INFO(error);
    REQUIRE(png);
    const auto chunks = share_png_chunks(*png);
    REQUIRE(chunks.front().first == "IHDR");
    CHECK(share_be32(chunks.front().second, 0) == 1200);
    CHECK(share_be32(chunks.front().second, 4) == 630);
    CHECK(chunks.back().first == "IEND");

    SharePngReader reader{*png};
    cairo_surface_t* s = cairo_image_surface_create_from_png_stream(share_read_png, &reader);
    REQUIRE(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS);
    REQUIRE(cairo_image_surface_get_width(s) == 1200);
    REQUIRE(cairo_image_surface_get_height(s) == 630);
    const int stride = cairo_image_surface_get_stride(s);
    const unsigned char* data = cairo_image_surface_get_data(s);
    std::set<std::uint32_t> colours;
    long white = 0, ink_on_white = 0;
    for (int y = 0; y < 630; ++y) {
        for (int x = 0; x < 1200; ++x) {
            std::uint32_t px;
            std::memcpy(&px, data + y * stride + x * 4, 4);
            px &= 0xFFFFFF;
            colours.insert(px);
            if (px == 0xFFFFFF) ++white;
            // Dark pixels inside the sheet's white strip: its marks and totals.
            if (y > 450 && y < 565 && x > 45 && x < 1155 && (px & 0xFF) < 0x80) ++ink_on_white;
        }
    }
    cairo_surface_destroy(s);
    CHECK(colours.size() > 200);              // a gradient and anti-aliased text
    CHECK(white > 1200 * 630 / 10);           // the sheet and the big score
    CHECK(ink_on_white > 2000);               // marks and totals drawn on it
    // Another result, another picture.
    ShareFacts g = f;
    g.rank = 1;
    const auto other = render_card_png(card_layout(g));
    REQUIRE(other);
    CHECK(*other != *png);
}

TEST_CASE("share: the cache keeps one version a game and at most its capacity") {
    ShareCache cache(3);
    auto png = [](const char* s) { return std::make_shared<const std::string>(s); };
    cache.put(1, "1a", png("a"));
    cache.put(2, "2a", png("b"));
    CHECK(*cache.find("1a") == "a");
    cache.put(1, "1b", png("c"));  // a new rank: the old version goes
    CHECK(cache.find("1a") == nullptr);
    CHECK(*cache.find("1b") == "c");
    CHECK(cache.size() == 2);
    cache.put(3, "3a", png("d"));
    cache.find("2a");  // 1b is now the least recently used
    cache.put(4, "4a", png("e"));
    CHECK(cache.size() == 3);
    CHECK(cache.find("1b") == nullptr);
    CHECK(cache.find("2a") != nullptr);
    CHECK(cache.find("4a") != nullptr);
}

TEST_CASE("share: keys follow what the card shows") {
    const ShareFacts f = share_sample_facts();
    ShareFacts same = f;
    CHECK(share_key(same) == share_key(f));
    CHECK(share_version(same) == share_version(f));
    CHECK(share_version(f).size() == 16);
    same.total += 1;
    CHECK(share_key(same) != share_key(f));
    same = f;
    same.revealed = true;
    CHECK(share_version(same) != share_version(f));
}

TEST_CASE("share: the page escapes everything and names its image by absolute URL") {
    ShareFacts f = share_sample_facts();
    f.player = "<script>alert(\"x\")</script> & 'Co'";
    const std::string html = share_page_html(f, ShareOrigin{"bowl.example:8080", false, ""});
    CHECK(html.find("<script>alert") == std::string::npos);
    CHECK(html.find("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;") !=
          std::string::npos);
    const std::string image = "http://bowl.example:8080/api/share/12.png?v=" + share_version(f);
    CHECK(html.find("<meta property=\"og:image\" content=\"" + image + "\">") != std::string::npos);
    CHECK(html.find("<meta property=\"og:url\" content=\"http://bowl.example:8080/s/12\">") !=
          std::string::npos);
    CHECK(html.find("<meta name=\"twitter:card\" content=\"summary_large_image\">") !=
          std::string::npos);
    CHECK(html.find("/#/leaders/daily/2026-11-29") != std::string::npos);
    // A proxy ending TLS; a public URL wins over the Host; a Host that is no host is not used.
    CHECK(share_base_url({"bowl.example", true, ""}) == "https://bowl.example");
    CHECK(share_base_url({"evil.example", false, "https://bowl.example/pinfall/"}) ==
          "https://bowl.example/pinfall");
    CHECK(share_base_url({"a\"b", false, ""}).empty());
    CHECK(share_base_url({"", false, ""}).empty());
    CHECK_FALSE(share_host_ok("x.example/<"));
    CHECK(share_host_ok("[::1]:8080"));
    CHECK(share_page_html(f, {"a b", false, ""}).find("content=\"/s/12\"") != std::string::npos);
}
