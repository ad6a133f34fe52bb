// Pinfall's service worker (issue 30): the app shell for offline use, and the daily reminders.
//
// - Install: the shell (every file of web/, listed below with its version by
//   scripts/web_shell.mjs) is fetched past the HTTP cache into the cache "pinfall-shell-<version>".
//   A new version takes over at once (skipWaiting, clients.claim) and deletes the older caches:
//   after a deploy the next visit gets the new shell (js/pwa.js reloads a page that is not in
//   the middle of a game), never a mix.
// - Fetch: the page ("/", "/index.html") and the shell's files come from the cache, then the
//   network if missing. Nothing else is touched: /api/, /s/, /ws (the WebSocket never passes a
//   service worker anyway), /healthz and any other address go to the network as if there were
//   no worker, and nothing is ever cached at run time.
// - Push: a reminder (docs/protocol.md "Reminders and settings") is the JSON {title, body, url};
//   it is shown as a notification, and a click opens `url` (an address of this site only),
//   in a window of the app already open when there is one.

// <shell> written by scripts/web_shell.mjs: run it after changing web/, do not edit by hand
const VERSION = '5a1138eb36562163';
const SHELL = [
    'css/app.css',
    'css/arenas.css',
    'css/coach.css',
    'css/friends.css',
    'css/lanes.css',
    'css/leagues.css',
    'css/moderation.css',
    'css/pages.css',
    'css/phone.css',
    'css/pwa.css',
    'css/result.css',
    'favicon.svg',
    'icons/apple-touch-icon.png',
    'icons/icon-192.png',
    'icons/icon-512.png',
    'icons/icon-maskable-512.png',
    './',
    'js/account_view.js',
    'js/app.js',
    'js/arenas/arena_home.js',
    'js/arenas/arena_result.js',
    'js/arenas/arena_tables.js',
    'js/arenas/arena_text.js',
    'js/arenas/arena_view.js',
    'js/arenas/arena_watch.js',
    'js/cards.js',
    'js/choice.js',
    'js/connection_banner.js',
    'js/daily_recap.js',
    'js/daily_result.js',
    'js/daily_view.js',
    'js/day_chart.js',
    'js/dom.js',
    'js/friends/friend_text.js',
    'js/friends/friends_standing.js',
    'js/friends/friends_view.js',
    'js/friends/inbox_bell.js',
    'js/friends/inbox_view.js',
    'js/friends/relation_panel.js',
    'js/game_controller.js',
    'js/game_over_view.js',
    'js/guest_identity.js',
    'js/hint_view.js',
    'js/histogram.js',
    'js/histogram_bins.js',
    'js/howto.js',
    'js/keyboard.js',
    'js/lanes/lane_home.js',
    'js/lanes/lane_qr.js',
    'js/lanes/lane_sheets.js',
    'js/lanes/lane_view.js',
    'js/lanes/report_pad.js',
    'js/leaderboard_table.js',
    'js/leaderboard_view.js',
    'js/leagues/league_home.js',
    'js/leagues/league_progress.js',
    'js/leagues/league_seeds.js',
    'js/leagues/league_tables.js',
    'js/leagues/league_view.js',
    'js/messages.js',
    'js/model.js',
    'js/moderation/case_text.js',
    'js/moderation/case_view.js',
    'js/moderation/drivers.js',
    'js/moderation/moderation_view.js',
    'js/moderation/moderator_link.js',
    'js/offline/local_games.js',
    'js/offline/offline_page.js',
    'js/par_line.js',
    'js/pick_view.js',
    'js/practice_view.js',
    'js/profile_view.js',
    'js/protocol.js',
    'js/pwa.js',
    'js/rack_view.js',
    'js/replay_index.js',
    'js/replay_view.js',
    'js/replay_words.js',
    'js/report_dialog.js',
    'js/review_note.js',
    'js/review_view.js',
    'js/router.js',
    'js/score_trend.js',
    'js/settings/push_device.js',
    'js/settings/settings_view.js',
    'js/sheet_view.js',
    'js/solitaire/deal.js',
    'js/solitaire/play_check.js',
    'js/solitaire/replay.js',
    'js/solitaire/rules.js',
    'js/solitaire/score.js',
    'js/top_bar.js',
    'js/undo_view.js',
    'manifest.webmanifest',
    'vendor/qrcode-generator.mjs',
];
// </shell>

const PREFIX = 'pinfall-shell-';
const CACHE = `${PREFIX}${VERSION}`;
const scope = () => new URL(self.registration.scope);
const shellUrl = (file) => new URL(file, self.registration.scope).href;

self.addEventListener('install', (event) => {
    event.waitUntil((async () => {
        const cache = await caches.open(CACHE);
        // cache: 'reload' skips the HTTP cache: the files must be this version's.
        await cache.addAll(SHELL.map((file) => new Request(shellUrl(file), { cache: 'reload' })));
        await self.skipWaiting();
    })());
});

self.addEventListener('activate', (event) => {
    event.waitUntil((async () => {
        for (const key of await caches.keys()) {
            if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
        }
        await self.clients.claim();
    })());
});

/** The cache key of a request for the shell, or null for anything else. */
function shellKey(request) {
    if (request.method !== 'GET') return null;
    const url = new URL(request.url);
    const base = scope();
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
    const rel = url.pathname.slice(base.pathname.length);
    if (rel === '' || rel === 'index.html') return request.mode === 'navigate' || rel === '' ? shellUrl('./') : null;
    return SHELL.includes(rel) ? shellUrl(rel) : null;
}

self.addEventListener('fetch', (event) => {
    const key = shellKey(event.request);
    if (key === null) return;  // the network, untouched
    event.respondWith((async () => {
        const cache = await caches.open(CACHE);
        const hit = await cache.match(key);
        return hit ?? fetch(event.request);
    })());
});

self.addEventListener('push', (event) => {
    let data = {};
    try {
        data = event.data ? event.data.json() : {};
    } catch {
        data = { body: event.data ? event.data.text() : '' };
    }
    const title = typeof data.title === 'string' && data.title ? data.title : 'Pinfall';
    event.waitUntil(self.registration.showNotification(title, {
        body: typeof data.body === 'string' ? data.body : '',
        icon: shellUrl('icons/icon-192.png'),
        badge: shellUrl('icons/icon-192.png'),
        tag: 'pinfall-reminder',  // a newer reminder replaces an unread one
        data: { url: typeof data.url === 'string' ? data.url : './' },
    }));
});

/** The address a notification opens: on this site only, else the app's start. */
function notificationUrl(url) {
    try {
        const target = new URL(url, self.registration.scope);
        if (target.origin === scope().origin) return target.href;
    } catch {
        // not an address: the start page below
    }
    return shellUrl('./');
}

self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = notificationUrl(event.notification.data?.url ?? './');
    event.waitUntil((async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((w) => new URL(w.url).origin === scope().origin);
        if (open) {
            // Always navigated: a client's url may leave out the fragment (#/daily) the app routes by.
            const shown = (await open.navigate(url).catch(() => null)) ?? open;
            await shown.focus().catch(() => {});
            return;
        }
        await self.clients.openWindow(url);
    })());
});
