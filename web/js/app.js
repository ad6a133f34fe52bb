// Pinfall's browser client: connects (hello, then login with the stored token), shows the
// screen the address names, hands the play screen to the GameController and every other
// screen to its view, and routes the server's pushes (game updates, lane updates, errors).
// Moderators get the Moderation page (moderation/), linked from the top bar once the server
// has answered one of their moderator requests. Arenas (arenas/): the list, one arena's live
// page, and an arena game's result card fed by the arena pushes. Friends and the inbox
// (friends/): the Friends page, the inbox, and the top bar's bell fed by `notice` pushes.
// The installable app (issue 30): the service worker (pwa.js, sw.js) keeps the shell for
// offline use; with the server out of reach a practice game plays in the browser
// (offline/local_games.js: mode "offline", unranked, never sent); the Settings page (time zone,
// reminders, push on this device).

import { AccountView } from './account_view.js';
import { ArenaHome } from './arenas/arena_home.js';
import { rememberPoints } from './arenas/arena_result.js';
import { rememberCommitment } from './arenas/arena_text.js';
import { ArenaView } from './arenas/arena_view.js';
import { utcDate } from './cards.js';
import { ConnectionBanner } from './connection_banner.js';
import { DailyView } from './daily_view.js';
import { FriendsView } from './friends/friends_view.js';
import { InboxBell } from './friends/inbox_bell.js';
import { InboxView } from './friends/inbox_view.js';
import { busy, busyBegin, busyEnd } from './dom.js';
import { GameController } from './game_controller.js';
import { GuestName } from './guest_identity.js';
import { HowTo } from './howto.js';
import { installKeyboard } from './keyboard.js';
import { LaneHome } from './lanes/lane_home.js';
import { LaneView } from './lanes/lane_view.js';
import { LeaderboardView } from './leaderboard_view.js';
import { LeagueHome } from './leagues/league_home.js';
import { LeagueView } from './leagues/league_view.js';
import { Messages } from './messages.js';
import { ModerationView } from './moderation/moderation_view.js';
import { ModeratorLink } from './moderation/moderator_link.js';
import { LocalGames, OFFLINE_MODE, isLocalGame } from './offline/local_games.js';
import { OfflinePage } from './offline/offline_page.js';
import { PracticeView } from './practice_view.js';
import { ProfileView } from './profile_view.js';
import { Client, defaultUrl } from './protocol.js';
import { installServiceWorker } from './pwa.js';
import { ReplayView } from './replay_view.js';
import { parseHash, setAddress, showScreen } from './router.js';
import { SettingsView } from './settings/settings_view.js';
import { installTopBar } from './top_bar.js';

const GAME_KEY = 'pinfall.game';
const RANKED_OFFLINE = 'The daily challenge is ranked: it needs the server, which cannot be reached now. ' +
    'Practice meanwhile: offline, unranked.';
const LEAGUE_GAME_KEY = 'pinfall.leagueGame';  // the league of the league game being played
const $ = (id) => document.getElementById(id);

const messages = new Messages($('message'), $('announce'));
let serverOffset = 0;  // server clock minus this browser's, from the welcome
const now = () => Date.now() + serverOffset;
const today = () => utcDate(new Date(now()));
let welcomed = false;
let loginError = null;  // a refused stored token, shown once the first screen is up

const client = new Client(defaultUrl(), {
    onWelcome: (welcome, player) => onWelcome(welcome, player),
    onPush: (msg) => onPush(msg),
    onStatus: (status, detail, retryAt) => banner.update(status, retryAt ?? null),
    onAccount: (player) => onAccount(player),
    onLoginError: (err) => {
        loginError = err;
        if (welcomed) showLoginError();
    },
});
const player = () => client.player;
// Offline practice: games of this browser's own engine. The play screen and its parts ask
// through gameClient, which sends a local game's requests (negative ids) to it, never out.
const local = new LocalGames();
const gameClient = new Proxy(client, {
    get(target, prop) {
        if (prop === 'request') {
            return (type, fields = {}) => (isLocalGame(fields.game) ? local.request(type, fields)
                : target.request(type, fields));
        }
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
    },
});
const game = new GameController(gameClient, messages, {
    onNewGame: (mode) => leaveGame(mode), today, now,
    nextArenaGame: (arena, berserk) => playArena(arena, berserk),
});
const banner = new ConnectionBanner(client, {
    // Never connected: the offline page, or the offline game the address names (kept while playing).
    showOffline: () => {
        if (!inLocalGame()) offlineRoute();
    },
    onChange: (online) => game.setOnline(online),
});
const howto = new HowTo($('howto-dialog'), $('howto-inline'));
const practice = new PracticeView(client, messages, {
    openSnapshot: (snap) => showGame(snap),
    openGame: (id) => openGame(id, false),
    startDaily: () => startDaily(),
    local,
    online: () => client.ready,
});
// The page of a first load that cannot reach the server: it says so, and offers practice here.
const offlinePage = new OfflinePage(local, {
    practice: () => practice.startOffline(),
    resume: (id) => openGame(id, false),
});
const account = new AccountView($('account-screen'), $('account-chip'), client, messages);
const guestName = new GuestName(client, account);
// The top bar links the Moderation page for moderators only: asked of the server after every
// welcome and login (moderation/moderator_link.js).
const moderatorLink = new ModeratorLink(client, $('nav'));
// The bell: the unread count of the inbox, asked after every welcome and login, then kept by
// the `notice` pushes (friends/inbox_bell.js).
const bell = new InboxBell(client, $('inbox-bell'), $('inbox-live'));
// Whoever this page acts as on the boards: the logged-in player, or a guest's ranked identity.
const identity = () => client.player ?? guestName.identity;
const lane = new LaneView($('lane-screen'), client, messages, { player, openLane: (msg) => showLane(msg) });
const views = {
    account,
    daily: new DailyView($('daily-screen'), client, messages, {
        startDaily: (options) => startDaily(options),
        replayDay: (day) => practice.start({ day }),
        player,
        guest: () => guestName.refresh(),
    }),
    leaders: new LeaderboardView($('leaders-screen'), client, messages, { today, player, identity }),
    profile: new ProfileView($('profile-screen'), client, messages, { player, identity }),
    replay: new ReplayView($('replay-screen'), messages, client, { me: () => client.player ?? guestName.identity }),
    lanes: new LaneHome($('lanes-screen'), client, messages, { openLane: (msg) => showLane(msg) }),
    lane,
    leagues: new LeagueHome($('leagues-screen'), client, messages, {
        today, player, openLeague: (detail) => showLeague(detail),
    }),
    league: new LeagueView($('league-screen'), client, messages, {
        player,
        openSnapshot: (snap, league) => {
            localStorage.setItem(LEAGUE_GAME_KEY, String(league));
            return showGame(snap);
        },
    }),
    arenas: new ArenaHome($('arenas-screen'), client, messages, {
        player, now, openArena: (detail) => showArena(detail),
    }),
    arena: new ArenaView($('arena-screen'), client, messages, {
        now,
        openSnapshot: (snap) => showGame(snap),
        openGame: (id) => openGame(id, false),
    }),
    moderation: new ModerationView($('moderation-screen'), client, messages, { player }),
    settings: new SettingsView($('settings-screen'), client, messages, { identity }),
    friends: new FriendsView($('friends-screen'), client, messages),
    inbox: new InboxView($('inbox-screen'), client, messages, { bell }),
};

/** Shows the screen the address names. */
async function route() {
    // Tests wait for this (with data-busy) to know the address they set has been handled.
    document.body.dataset.routed = location.hash;
    const { screen, params } = parseHash(location.hash);
    messages.clearError();
    if (document.body.dataset.screen === 'play') practice.leftGame(game.state);
    if (screen === 'play') {
        const stored = Number(localStorage.getItem(GAME_KEY)) || null;
        if (stored !== null) await openGame(stored, true);
        else showStart();
        return;
    }
    if (screen === 'start') {
        showStart();
        return;
    }
    showScreen(screen);
    await views[screen].show(params);
}

async function onWelcome(welcome, who) {
    serverOffset = Date.parse(welcome.time) - Date.now() || 0;
    practice.setUnfinished(welcome.games);
    account.setPlayer(who);
    if (!who) guestName.refresh();
    moderatorLink.probe();
    bell.refresh();
    if (!welcomed && inLocalGame()) {
        // The server came back during an offline game: the game goes on as it was (it stays
        // offline and unranked); the other pages work again.
        welcomed = true;
        banner.welcome();
        return;
    }
    if (!welcomed) {
        welcomed = true;
        banner.welcome();
        // A bare address resumes the game this browser was playing, as #/play does.
        if (location.hash === '' || location.hash === '#') history.replaceState(null, '', '#/play');
        busyBegin();  // balances the page's initial data-busy="1"
        try {
            await route();
        } finally {
            busyEnd();
        }
        showLoginError();
        return;
    }
    const screen = document.body.dataset.screen;
    if (screen === 'play' && game.gameId !== null) {
        // A reconnect: the game on screen may have missed updates, or moved on in another tab.
        await openGame(game.gameId, false);
    } else if (screen === 'lane') {
        await lane.rewatch();
    } else if (screen === 'league') {
        await views.league.rewatch();
    } else if (screen === 'arena') {
        await views.arena.rewatch();
    } else if (['daily', 'leaders', 'profile', 'leagues', 'arenas', 'friends', 'inbox', 'settings'].includes(screen)) {
        // Pages read from the server: one loaded as the connection dropped failed (or is stale),
        // so it is read again. Pages with forms (account, lanes) keep what was typed.
        await route();
    }
}

function showLoginError() {
    if (!loginError) return;
    messages.error(`Could not log in with the token this browser kept (${loginError.message}); ` +
                   'you play as a guest. Log in again from the account page.');
    loginError = null;
}

/** The logged-in player changed (register, login, logout): screens that depend on it reload. */
function onAccount(who) {
    if (who) guestName.clear();
    account.setPlayer(who);
    if (!welcomed) return;
    moderatorLink.probe();
    bell.refresh();
    const screen = document.body.dataset.screen;
    if (['daily', 'profile', 'leaders', 'leagues', 'league', 'arenas', 'arena', 'moderation', 'replay', 'friends',
         'inbox', 'settings'].includes(screen)) route();
}

/** Shows game `id` from a snapshot; quietly falls back to the start screen if it is gone. */
async function openGame(id, quietIfGone) {
    let snap;
    try {
        snap = await game.track(() => gameClient.request('snapshot', { game: id }));
    } catch (err) {
        if (err.code === 'unknown_game' || err.code === 'not_your_game') {
            localStorage.removeItem(GAME_KEY);
            showStart();
            if (!quietIfGone) messages.error(err);
            return;
        }
        messages.error(err);
        return;
    }
    await showGame(snap);
}

async function showGame(snap) {
    // An offline game is kept by offline/local_games.js; GAME_KEY names the server's game.
    if (!isLocalGame(snap.game)) localStorage.setItem(GAME_KEY, String(snap.game));
    rememberCommitment(snap.arena);  // checked against the seed revealed at the arena's end
    showScreen('play', { daily: 'daily', league: 'leagues', arena: 'arenas' }[snap.mode] ?? null);
    setAddress('#/play');
    await game.showSnapshot(snap);
}

/** guest: play as this browser's guest (not logged in: the guest-xxxx identity, docs/rules.md). */
async function startDaily({ guest = false } = {}) {
    messages.clearError();
    if (!client.ready) {
        messages.error({ code: 'needs_server' }, RANKED_OFFLINE);
        return;
    }
    // A guest who already has its identity plays on as it from any start button.
    const asGuest = !client.player && (guest || guestName.identity !== null);
    try {
        await showGame(await busy(() => client.request('daily_start', asGuest ? { guest: true } : {})));
        if (asGuest) {
            await guestName.refresh();
            bell.refresh();  // the guest's ranked identity has an inbox now
        }
    } catch (err) {
        // A guest where the server ranks accounts only, or today's attempt already made: the
        // daily page says how to take part, or shows the score and the board.
        const redirect = (err.code === 'login_required' || err.code === 'daily_finished') &&
            document.body.dataset.screen !== 'daily';
        if (redirect) location.hash = '#/daily';
        else messages.error(err);
    }
}

function showLeague(detail) {
    showScreen('league');
    setAddress(`#/league/${detail.league}`);
    return views.league.showDetail(detail);
}

function showArena(detail) {
    showScreen('arena');
    setAddress(`#/arena/${detail.arena.id}`);
    return views.arena.show({ arena: detail.arena.id });
}

/** The result card's "Next game" in an arena: the next game, or the unfinished one. */
async function playArena(arena, berserk) {
    messages.clearError();
    try {
        await showGame(await busy(() => client.request('arena_play', berserk ? { arena, berserk: true } : { arena })));
    } catch (err) {
        const unfinished = err.code === 'game_in_progress' ? Number(/game (\d+)/.exec(err.message)?.[1]) : NaN;
        if (Number.isInteger(unfinished) && unfinished > 0) await openGame(unfinished, false);
        else messages.error(err);
    }
}

function showLane(msg) {
    showScreen('lane');
    setAddress(`#/lane/${msg.lane}`);
    lane.showState(msg);
}

function onPush(msg) {
    if (msg.type === 'update') {
        game.applyUpdate(msg);
        views.arena.watch.apply(msg);  // a watched arena game
    } else if (msg.type === 'game' && msg.game === game.gameId) game.showSnapshot(msg);
    else if (msg.type === 'game') views.arena.watch.apply(msg);
    else if (msg.type === 'lane_update' || msg.type === 'lane') lane.apply(msg);
    else if (msg.type === 'league') views.league.apply(msg);
    else if (msg.type.startsWith('arena_')) {
        if (msg.type === 'arena_points') rememberPoints(msg);
        game.over.arena.apply(msg);
        views.arena.apply(msg);
    }
    else if (msg.type === 'notice') bell.apply(msg);
    else if (msg.type === 'error') messages.error(msg);
}

/** The start screen; a reload now stays on it (unfinished games are offered to resume). */
function showStart() {
    localStorage.removeItem(GAME_KEY);
    practice.leftGame(game.state);
    if (!welcomed) {
        // Never connected yet: the page that says so is the start, with practice offline.
        showOffline('start');
        return;
    }
    messages.announce('');
    showScreen('start');
    setAddress('#/');
    howto.firstVisit();
    practice.focus();
}

/** "New game" on a finished game: back to practice, or to the daily page after a daily. */
function leaveGame(mode) {
    messages.clearError();
    if (mode === 'daily') {
        localStorage.removeItem(GAME_KEY);
        location.hash = '#/daily';
    } else if (mode === 'arena') {
        localStorage.removeItem(GAME_KEY);
        const arena = game.state?.arena?.arena;
        location.hash = arena ? `#/arena/${arena}` : '#/arenas';
    } else if (mode === 'league') {
        localStorage.removeItem(GAME_KEY);
        const league = Number(localStorage.getItem(LEAGUE_GAME_KEY));
        location.hash = league ? `#/league/${league}` : '#/leagues';
    } else {
        showStart();
    }
}

$('help-button').addEventListener('click', () => howto.open());
$('howto-open').addEventListener('click', () => howto.open());
installTopBar();
$('menu-button').addEventListener('click', () => {
    messages.clearError();
    showStart();
});
window.addEventListener('hashchange', async () => {
    if (!welcomed) {
        // Not connected yet: only what works offline opens (the rest says it needs the server).
        if (document.body.dataset.conn === 'offline') await offlineRoute();
        return;
    }
    busyBegin();
    try {
        await route();
    } finally {
        busyEnd();
    }
});

/** True while the play screen shows an offline game. */
function inLocalGame() {
    return document.body.dataset.screen === 'play' && game.state?.mode === OFFLINE_MODE;
}

/** The server has never answered: the offline page, or the offline game the address names. */
async function offlineRoute() {
    document.body.dataset.routed = location.hash;
    const { screen } = parseHash(location.hash);
    if (document.body.dataset.conn === 'banned') {
        showOffline();
        return;
    }
    if (screen === 'play' && inLocalGame()) return;
    if (screen === 'play' && local.storedSummary()?.over === false) {
        await openGame(local.storedGame(), true);
        return;
    }
    showOffline(screen);
}

/** The offline page; `screen`: the page asked for, which it says needs the server. */
function showOffline(screen = 'start') {
    if (inLocalGame()) practice.leftGame(game.state);
    showScreen('offline');
    offlinePage.show(screen);
    busyBegin();  // settles body[data-busy] (the page's initial "1" has no request behind it)
    busyEnd();
}

installServiceWorker({
    // A new version reloads the page, except in the middle of a game (then the next visit).
    midGame: () => document.body.dataset.screen === 'play' && Boolean(game.state) && !game.state.over,
});

installKeyboard({
    active: () => document.body.dataset.screen === 'play',
    pileChosen: () => game.choice.pile !== null,
    pile: (n) => game.choosePile(n),
    pin: (n) => game.togglePin(n),
    knock: () => game.knock(),
    stop: () => game.stop(),
    hints: () => game.setHints(!game.hints),
    coach: () => game.coach.ask(),
    undo: () => game.undo.undo(),
    back: () => game.back(),
});

showScreen('loading');
client.connect();
