// Friends, scoped boards and the inbox in the browser (issue 29), at 390x844 against the real
// server on a fixed day. The page's player (Pat, registered in the page) and scripted players
// from Node over their own WebSockets (lib/ws_node.js): Ann, who becomes Pat's friend, and Cy,
// a stranger on the global board. Checked: Follow from Ann's profile and the relation shown (and
// Ann's `followed` notice); the daily played in the page and its result card's "Nth of your N
// friends" against the server's friends board; the board switched to Friends, its lines equal
// to the friends board the server sends Pat (the global board having Cy as well); a notice
// arriving while the page is open (Ann follows Pat back) updating the bell without a reload,
// and the inbox listing it in words with its link, Mark all read; the Friends page's lists,
// the invite link (the server's token) with its QR code, follow by name and its refusals in
// words; an invite link followed, and a visitor told what it needs; blocking from the profile
// (the follows gone both ways, Ann's follow refused, Ann off the friends board, the Blocked
// list with Unblock); a club board (a league Pat is a member of); older notices paged; a friend
// who finishes the daily after Pat with a higher score: the friend_passed notice on the open
// page, in words. axe and no sideways scroll on each page; docs/screens friends-* and inbox-*
// at 390x844 and 1280x800 (PINFALL_DOC_SCREENS=1).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { axeViolations } from './lib/axe.js';
import { launchBrowser } from './lib/browser.js';
import { PHONE, assertNoSideways, docShots, smallTargets } from './lib/phone.js';
import { playToEnd } from './lib/play.js';
import { startServer } from './lib/server.js';
import { go, openFresh, registerAs, waitIdle } from './lib/ui.js';
import { NodeSocket } from './lib/ws_node.js';
import { FRIEND_WORDS, friendWords, noticeText, ordinal } from '../../web/js/friends/friend_text.js';

const DAY = '2026-12-03';

let server;
let browser;
let page;
const errors = [];
const sockets = [];
const players = {};  // name -> {ws, id, name, token}

before(async () => {
    server = await startServer({ clockStart: `${DAY}T12:00:00Z` });
    browser = await launchBrowser({ reducedMotion: 'reduce', viewport: PHONE });
    page = await browser.context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
});

after(async () => {
    for (const ws of sockets) ws.close();
    await browser?.close();
    await server?.stop();
});

/** A scripted player from Node: hello, then register `name` (or log in with `token`). */
async function nodePlayer(name, token = null) {
    const ws = await NodeSocket.open(server.port);
    sockets.push(ws);
    await ws.call('hello', { version: 1 });
    const reply = token ? await ws.call('login', { token }) : await ws.call('register', { name });
    return { ws, id: reply.player.id, name: reply.player.name, token: token ?? reply.token };
}

/** The largest group of the first pile that has one (the page's hints play much the same). */
function firstPileLargest(legal) {
    const pile = legal.findIndex((groups) => groups.length > 0);
    return pile < 0 ? null : { pile: pile + 1, pins: legal[pile].reduce((a, b) => (b.length > a.length ? b : a)) };
}

/** Other ways of playing, for players who should score differently: by a seeded random choice. */
function randomPlay(seed) {
    let x = seed;
    const next = () => {
        x = (x * 1103515245 + 12345) % 2147483648;
        return x / 2147483648;
    };
    return (legal) => {
        const all = legal.flatMap((groups, i) => groups.map((pins) => ({ pile: i + 1, pins })));
        if (all.length === 0) return null;
        const big = all.filter((g) => g.pins.length === Math.max(...all.map((a) => a.pins.length)));
        return next() < 0.7 ? big[Math.floor(next() * big.length)] : all[Math.floor(next() * all.length)];
    };
}

/** Today's daily played to its end by a Node player (choose(legal): a play, or null to stop). */
async function playDaily(p, choose = firstPileLargest) {
    let msg = await p.ws.call('daily_start');
    const game = msg.game;
    for (let n = 0; n < 400; n++) {
        const over = msg.events?.find((e) => e.e === 'game_over');
        if (over) return { game, score: over.score };
        const play = choose(msg.legal);
        msg = play ? await p.ws.call('play', { game, ...play }) : await p.ws.call('stop', { game });
    }
    throw new Error('the daily did not end');
}

const text = (sel) => page.$eval(sel, (el) => el.textContent.replace(/\s+/g, ' ').trim());

/** Phone checks of the page as it is: no sideways scroll, 44 px targets, axe. */
async function checkPage(what, scope) {
    await assertNoSideways(page, what);
    assert.deepEqual(await smallTargets(page, scope), [], `${what}: 44 px targets`);
    assert.deepEqual(await axeViolations(page), [], `axe: ${what}`);
}

/** The board's lines as the page shows them: [rank, name, score]. */
const boardRows = () => page.$$eval('#leaders-screen table.board tbody tr', (trs) => trs.map((tr) => [
    Number(tr.dataset.rank), tr.querySelector('td:nth-child(2) a').textContent,
    Number(tr.querySelector('td:nth-child(3)').textContent)]));

const serverRows = (board) => board.entries.map((e) => [e.rank, e.player.name, e.score]);

test('the words: every error code of the section and every notice kind', () => {
    for (const code of ['yourself', 'blocked', 'follow_limit', 'unknown_player', 'bad_invite', 'over_budget',
                        'unknown_notice', 'bad_cursor', 'login_required', 'unknown_league', 'not_member']) {
        assert.match(FRIEND_WORDS[code], /^[A-Z].*\.$/, `${code} in a sentence`);
        assert.equal(friendWords({ code, message: 'x' }).startsWith(FRIEND_WORDS[code]), true);
    }
    assert.equal(friendWords({ code: 'storage_error' }), null, 'other codes: the general words');
    assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 102].map(ordinal), ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']);
    const ann = { id: 7, name: 'Ann Lee' };
    assert.equal(noticeText({ kind: 'friend_passed', player: ann, day: '2026-12-03', score: 162, your_score: 148 }),
                 'Ann Lee passed your score on 2026-12-03: 162 to your 148.');
    assert.equal(noticeText({ kind: 'followed', player: ann }), 'Ann Lee followed you.');
    assert.equal(noticeText({ kind: 'round_closed', league: { id: 4, name: 'Tuesday Night' }, round: 2, scores: [148, null] }),
                 'Round 2 of Tuesday Night closed. Your games: 148, not played.');
    assert.match(noticeText({ kind: 'round_opened', league: { id: 4, name: 'Tuesday Night' }, round: 3,
                              closes_at: '2026-12-05T18:00:00.000Z' }), /^Round 3 of Tuesday Night opened; it closes on 5 Dec/);
    assert.match(noticeText({ kind: 'round_closing', league: { id: 4, name: 'T' }, round: 3, closes_at: '2026-12-05T18:00:00.000Z' }),
                 /closes within 24 hours/);
    assert.match(noticeText({ kind: 'arena_starting', arena: { id: 2, name: 'Blitz' }, starts_at: '2026-12-05T18:00:00.000Z' }),
                 /^The arena Blitz you joined starts soon/);
    assert.equal(noticeText({ kind: 'review', game: 812, status: 'disqualified', mode: 'daily', day: '2026-12-01' }),
                 'Your daily result of 2026-12-01 (game 812) was disqualified: it stays off the boards.');
});

test('Pat follows Ann from her profile; the relation is shown and Ann hears of it', { timeout: 120000 }, async () => {
    players.ann = await nodePlayer('Ann Side');
    players.cy = await nodePlayer('Cy Stranger');
    await openFresh(page, server.url);
    // A visitor has no inbox: no bell.
    assert.equal(await page.isHidden('#inbox-bell'), true, 'no bell without a ranked identity');
    await registerAs(page, 'Pat Page');
    await page.waitForSelector('#inbox-bell:not([hidden])');
    assert.equal(await page.getAttribute('#inbox-bell', 'data-unread'), '0');
    assert.equal(await page.isHidden('#inbox-count'), true, 'no number at 0');
    const token = await page.evaluate(() => localStorage.getItem('pinfall.token'));
    players.pat = await nodePlayer('Pat Page', token);  // Pat's own view of the server, beside the page

    await go(page, `#/profile/${players.ann.id}`);
    await page.waitForSelector('#profile-relation');
    assert.equal(await text('#relation-text'), 'You do not follow Ann Side.');
    assert.equal(await text('#follow-button'), 'Follow');
    await docShots(page, 'friends-profile');
    await checkPage('a profile with Follow and Block', '#profile-relation');
    await page.click('#follow-button');
    await waitIdle(page);
    await page.waitForSelector('#profile-relation[data-following="true"]');
    assert.equal(await text('#relation-text'), 'You follow Ann Side.');
    assert.equal(await text('#follow-button'), 'Unfollow');
    assert.equal(await page.getAttribute('#follow-button', 'aria-pressed'), 'true');

    // The server agrees, and Ann got a `followed` notice on her open connection.
    const annSide = await players.ann.ws.call('friends');
    assert.deepEqual(annSide.followers.map((e) => e.player.name), ['Pat Page']);
    const push = await players.ann.ws.waitPush((m) => m.type === 'notice' && m.notice.kind === 'followed');
    assert.equal(push.notice.player.id, players.pat.id);
    // A reload shows the same relation (profile.relation).
    await page.reload();
    await waitIdle(page);
    await page.waitForSelector('#profile-relation[data-following="true"][data-friend="false"]');
});

test('the daily in the page: the result card says where Pat stands among the players Pat follows', { timeout: 240000 }, async () => {
    Object.assign(players.ann, await playDaily(players.ann));
    Object.assign(players.cy, await playDaily(players.cy));
    await go(page, '#/daily');
    await page.click('#daily-start');
    await page.waitForSelector('#play-screen:not([hidden])');
    await waitIdle(page);
    await playToEnd(page);
    await page.waitForSelector('#over-friends');
    const friendsBoard = await players.pat.ws.call('leaderboard', { board: 'daily', scope: 'friends', around: true, limit: 1 });
    assert.equal(friendsBoard.scope, 'friends');
    assert.equal(friendsBoard.total, 2, 'Pat and Ann');
    assert.equal(await text('#over-friends'), `${ordinal(friendsBoard.me.rank)} of your 2 friends`);
    assert.equal(await page.getAttribute('#over-friends', 'data-rank'), String(friendsBoard.me.rank));
    assert.equal(await page.getAttribute('#over-friends a', 'href'), `#/leaders/daily/${DAY}?scope=friends`);
    players.pat.score = Number(await page.getAttribute('#final-score', 'data-score'));
    await page.$eval('#game-over', (el) => el.scrollIntoView({ block: 'start' }));
    await docShots(page, 'friends-result-card');
    // The daily page says it too.
    await go(page, '#/daily');
    assert.equal(await text('#daily-friends'), `${ordinal(friendsBoard.me.rank)} of your 2 friends`);
});

test('the board switched to Friends holds what the server sends Pat: Pat and Ann, not Cy', { timeout: 120000 }, async () => {
    await go(page, '#/leaders');
    const global = await players.pat.ws.call('leaderboard', { board: 'daily', limit: 10 });
    assert.equal(global.total, 3);
    assert.deepEqual(await boardRows(), serverRows(global), 'the global board');
    assert.equal(await page.getAttribute('#board-scopes a[data-scope="global"]', 'aria-current'), 'true');
    await page.click('#board-scopes a[data-scope="friends"]');
    await page.waitForFunction(() => location.hash.endsWith('?scope=friends') && document.body.dataset.routed === location.hash);
    await waitIdle(page);
    const friends = await players.pat.ws.call('leaderboard', { board: 'daily', scope: 'friends', limit: 10 });
    assert.deepEqual(friends.entries.map((e) => e.player.name).sort(), ['Ann Side', 'Pat Page']);
    assert.deepEqual(await boardRows(), serverRows(friends), 'the friends board');
    assert.equal(await page.getAttribute('#board-scopes a[data-scope="friends"]', 'aria-current'), 'true');
    assert.match(await text('#board-me'), new RegExp(`^You: rank ${friends.me.rank} of 2, ${players.pat.score} pins\\.$`));
    // The other boards keep the scope.
    await page.click('#leaders-screen .tabs a[data-board="best_game"]');
    await page.waitForFunction(() => location.hash === '#/leaders/best_game?scope=friends' && document.body.dataset.routed === location.hash);
    await waitIdle(page);
    const best = await players.pat.ws.call('leaderboard', { board: 'best_game', scope: 'friends', limit: 10 });
    assert.deepEqual(await boardRows(), serverRows(best));
    await go(page, `#/leaders/daily/${DAY}?scope=friends`);
    await docShots(page, 'friends-board');
    await checkPage('the friends board', '#leaders-screen');
});

test('a notice arriving while the page is open: the bell counts it, the inbox lists it', { timeout: 120000 }, async () => {
    await go(page, '#/friends');
    const before = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    assert.equal(await page.getAttribute('#inbox-bell', 'data-unread'), '0');
    await players.ann.ws.call('follow', { player: players.pat.id });  // Ann follows back: a `followed` notice
    await page.waitForFunction(() => document.getElementById('inbox-bell').dataset.unread === '1');
    assert.equal(await text('#inbox-count'), '1');
    assert.equal(await page.getAttribute('#inbox-bell', 'aria-label'), 'Inbox: 1 unread notice');
    assert.equal(await text('#inbox-live'), 'New notice: Ann Side followed you.');
    assert.equal(await page.evaluate(() => performance.getEntriesByType('navigation').length), before, 'no reload');

    await page.click('#inbox-bell');
    await page.waitForFunction(() => document.body.dataset.screen === 'inbox' && document.body.dataset.routed === '#/inbox');
    await waitIdle(page);
    const inbox = await players.pat.ws.call('inbox');
    assert.equal(inbox.unread, 1);
    const items = await page.$$eval('#inbox-list .notice-item', (lis) => lis.map((li) => ({
        id: Number(li.dataset.id), kind: li.dataset.kind, read: li.dataset.read,
        text: li.querySelector('.notice-text').textContent.replace(/^New /, ''),
        link: li.querySelector('.notice-text a')?.getAttribute('href') })));
    assert.deepEqual(items, inbox.notices.map((n) => ({ id: n.id, kind: n.kind, read: String(n.read), text: noticeText(n),
                                                         link: `#/profile/${n.player.id}` })));
    assert.equal(items[0].text, 'Ann Side followed you.');
    assert.equal(items[0].link, `#/profile/${players.ann.id}`);
    assert.equal(await text('#inbox-unread'), '1 unread notice.');
    await checkPage('the inbox', '#inbox-screen');

    // A second notice while the inbox is open goes on top.
    await players.cy.ws.call('follow', { player: players.pat.id });
    await page.waitForFunction(() => document.querySelectorAll('#inbox-list .notice-item').length === 2);
    assert.equal(await page.$eval('#inbox-list .notice-item .notice-text', (el) => el.textContent), 'New Cy Stranger followed you.');
    assert.equal(await page.getAttribute('#inbox-bell', 'data-unread'), '2');
    await docShots(page, 'inbox');

    await page.click('#inbox-read-all');
    await waitIdle(page);
    assert.equal(await text('#inbox-unread'), 'Everything is read.');
    assert.equal(await page.getAttribute('#inbox-bell', 'data-unread'), '0');
    assert.equal(await page.isHidden('#inbox-count'), true);
    assert.equal((await players.pat.ws.call('inbox', { limit: 1 })).unread, 0, 'the server marked them read');
    assert.equal(await page.$$eval('#inbox-list .notice-item.unread', (els) => els.length), 0);
});

test('the Friends page: lists, the invite link with its QR code, follow by name and its refusals', { timeout: 120000 }, async () => {
    await go(page, `#/profile/${players.ann.id}`);
    await page.waitForSelector('#profile-relation[data-friend="true"]');
    assert.equal(await text('#relation-text'), 'You and Ann Side follow each other: you are friends.');

    await go(page, '#/friends');
    const mine = await players.pat.ws.call('friends');
    const names = (sel) => page.$$eval(`${sel} li`, (lis) => lis.map((li) => li.querySelector('a').textContent));
    assert.deepEqual(await names('#friends-list'), mine.friends.map((e) => e.player.name));
    assert.deepEqual(await names('#friends-list'), ['Ann Side']);
    assert.deepEqual(await names('#following-list'), ['Ann Side']);
    assert.deepEqual(await names('#followers-list'), mine.followers.map((e) => e.player.name));
    assert.deepEqual((await names('#followers-list')).sort(), ['Ann Side', 'Cy Stranger']);
    assert.equal(await page.getAttribute('#following-list li a', 'href'), `#/profile/${players.ann.id}`);
    assert.equal(await text('#following-title'), 'You follow (1 of at most 500)');
    // Cy follows Pat, Pat does not follow Cy: "Follow back" on Cy's line only.
    assert.equal(await page.isVisible(`#followers-list li[data-player="${players.cy.id}"] button[data-action="follow"]`), true);
    assert.equal(await page.isVisible(`#followers-list li[data-player="${players.ann.id}"] button`), false);
    // The invite link: the server's token, as a link and a QR code.
    const url = `${new URL(server.url).origin}/#/friends/add/${mine.invite}`;
    assert.equal(await page.getAttribute('#invite-link', 'href'), url);
    assert.equal(await page.getAttribute('#invite-qr svg', 'aria-label'), `QR code of ${url}`);
    await page.click('#invite-copy');
    await page.waitForFunction(() => document.getElementById('invite-copied').textContent !== '');
    await page.evaluate(() => window.scrollTo(0, 0));
    await docShots(page, 'friends');
    await checkPage('the Friends page', '#friends-screen');

    // Follow by name: refusals in words, then Cy.
    await page.fill('#follow-name', 'Nobody Here');
    await page.click('#follow-name-button');
    await waitIdle(page);
    assert.equal(await page.getAttribute('#message', 'data-code'), 'unknown_player');
    assert.equal(await text('#message'), 'No player is called \u201cNobody Here\u201d.');
    await page.fill('#follow-name', 'pat page');
    await page.click('#follow-name-button');
    await waitIdle(page);
    assert.equal(await page.getAttribute('#message', 'data-code'), 'yourself');
    assert.equal(await text('#message'), FRIEND_WORDS.yourself);
    await page.fill('#follow-name', 'Cy Stranger');
    await page.click('#follow-name-button');
    await waitIdle(page);
    assert.equal(await page.isHidden('#message'), true);
    assert.match(await text('#friend-add-result'), /^Cy Stranger: You and Cy Stranger follow each other: you are friends\.$/);
    assert.deepEqual((await names('#friends-list')).sort(), ['Ann Side', 'Cy Stranger']);
    // Unfollow from the list.
    await page.click(`#following-list li[data-player="${players.cy.id}"] button[data-action="unfollow"]`);
    await waitIdle(page);
    assert.deepEqual(await names('#following-list'), ['Ann Side']);
    assert.deepEqual((await players.pat.ws.call('friends')).following.map((e) => e.player.name), ['Ann Side']);
});

test('an invite link follows its owner; a bad one and a visitor are told why not', { timeout: 120000 }, async () => {
    const cyInvite = (await players.cy.ws.call('friends')).invite;
    await go(page, `#/friends/add/${cyInvite}`);
    await page.waitForSelector('#friend-add-result');
    assert.equal(await page.getAttribute('#friend-add-result', 'data-player'), String(players.cy.id));
    assert.equal(await text('#friend-add-result h3'), 'You follow Cy Stranger now');
    assert.equal(await text('#friend-add-result p'), 'Cy Stranger follows you too: you are friends.');
    assert.ok((await players.pat.ws.call('friends')).following.some((e) => e.player.id === players.cy.id));
    await go(page, '#/friends/add/NoSuchInviteToken0000');
    await page.waitForSelector('#friend-add-result[data-code="bad_invite"]');
    assert.equal(await text('#friend-add-result p'), FRIEND_WORDS.bad_invite);
    // Pat's own link.
    const own = (await players.pat.ws.call('friends')).invite;
    await go(page, `#/friends/add/${own}`);
    await page.waitForSelector('#friend-add-result[data-code="yourself"]');

    // A visitor (no token, a new guest): the link says what it needs, and keeps the invite.
    const saved = await page.evaluate(() => ({ token: localStorage.getItem('pinfall.token'), guest: localStorage.getItem('pinfall.guest') }));
    await page.evaluate(() => { localStorage.removeItem('pinfall.token'); localStorage.removeItem('pinfall.guest'); });
    // A hash-only goto keeps the document (and its connection): the link is opened by a reload.
    await page.evaluate((h) => history.replaceState(null, '', h), `#/friends/add/${cyInvite}`);
    await page.reload();
    await waitIdle(page);
    await page.waitForSelector('#friends-need-identity');
    assert.match(await text('#friends-need-identity'), /needs an account or a played daily/);
    assert.equal(await page.isHidden('#inbox-bell'), true);
    assert.equal(await page.evaluate(() => localStorage.getItem('pinfall.friendInvite')), cyInvite);
    await checkPage('an invite for a visitor', '#friends-screen');
    // The visitor plays the daily as a guest (resigned at once): its ranked identity may follow,
    // and the Friends page follows the kept invite.
    await page.click('#friends-daily');
    await page.waitForSelector('#daily-guest');
    await page.click('#daily-guest');
    await page.waitForSelector('#play-screen:not([hidden])');
    await waitIdle(page);
    await page.click('#resign');
    await page.click('#resign');
    await page.waitForFunction(() => document.body.dataset.over === 'true');
    await waitIdle(page);
    await page.waitForSelector('#inbox-bell:not([hidden])');
    await go(page, '#/friends');
    await page.waitForSelector('#friend-add-result');
    assert.equal(await text('#friend-add-result h3'), 'You follow Cy Stranger now');
    assert.equal(await page.evaluate(() => localStorage.getItem('pinfall.friendInvite')), null, 'followed once, then forgotten');
    const guestName = await page.getAttribute('#account-chip', 'data-guest');
    assert.match(guestName, /^guest-[0-9a-f]{4,}$/);
    assert.ok((await players.cy.ws.call('friends')).followers.some((e) => e.player.name === guestName), 'the guest follows Cy');
    assert.deepEqual(await page.$$eval('#following-list li a', (as) => as.map((a) => a.textContent)), ['Cy Stranger']);
    await page.evaluate((s) => {
        localStorage.setItem('pinfall.token', s.token);
        localStorage.setItem('pinfall.guest', s.guest);
        localStorage.removeItem('pinfall.friendInvite');
    }, saved);
    await page.evaluate(() => history.replaceState(null, '', '#/friends'));
    await page.reload();
    await waitIdle(page);
    assert.equal(await page.textContent('#account-chip'), 'Pat Page');
    await page.waitForSelector('#friends-list');
});

test('blocking from the profile: the follows gone both ways, Ann refused, off the friends board', { timeout: 120000 }, async () => {
    await go(page, `#/profile/${players.ann.id}`);
    await page.waitForSelector('#profile-relation[data-friend="true"]');
    await page.click('#block-button');
    assert.equal(await text('#block-button'), 'Block Ann Side: press again', 'a second click blocks');
    await page.click('#block-button');
    await waitIdle(page);
    await page.waitForSelector('#profile-relation[data-blocked="true"]');
    assert.match(await text('#relation-text'), /^You block Ann Side/);
    assert.equal(await page.isVisible('#follow-button'), false, 'no Follow while blocked');
    assert.equal(await text('#block-button'), 'Unblock');
    // The server: no follow either way, Ann cannot follow Pat, Ann is off Pat's friends board.
    const refused = await players.ann.ws.request('follow', { player: players.pat.id });
    assert.equal(refused.code, 'blocked');
    const annSide = await players.ann.ws.call('friends');
    assert.equal(annSide.following.length + annSide.followers.filter((e) => e.player.id === players.pat.id).length, 0);
    const board = await players.pat.ws.call('leaderboard', { board: 'daily', scope: 'friends', limit: 10 });
    assert.equal(board.entries.some((e) => e.player.id === players.ann.id), false);
    await go(page, `#/leaders/daily/${DAY}?scope=friends`);
    assert.deepEqual(await boardRows(), serverRows(board));
    // A follow of Ann from the page is refused in words.
    await go(page, '#/friends');
    await page.fill('#follow-name', 'Ann Side');
    await page.click('#follow-name-button');
    await waitIdle(page);
    assert.equal(await page.getAttribute('#message', 'data-code'), 'blocked');
    assert.equal(await text('#message'), FRIEND_WORDS.blocked);
    assert.deepEqual(await page.$$eval('#blocked-list li a', (as) => as.map((a) => a.textContent)), ['Ann Side']);
    // Unblock from the list: the block is gone, the follows stay gone.
    await page.click(`#blocked-list li[data-player="${players.ann.id}"] button[data-action="unblock"]`);
    await waitIdle(page);
    assert.equal(await page.isVisible('#blocked-list'), false);
    const after = await players.pat.ws.call('friends');
    assert.deepEqual([after.blocked.length, after.following.some((e) => e.player.id === players.ann.id)], [0, false]);
    assert.deepEqual(errors, [], 'no uncaught page errors');
});

test('a club board: the league Pat is a member of in the switch, its members only; another league refused in words', { timeout: 120000 }, async () => {
    const club = await players.cy.ws.call('league_create', { name: 'Club Night', rounds: 2, start_date: '2026-12-10',
                                                           secretary_bowls: true });
    await players.pat.ws.call('league_join', { code: club.invite_code });
    const other = await players.ann.ws.call('league_create', { name: 'Ann Only', rounds: 2, start_date: '2026-12-10',
                                                             secretary_bowls: true });
    await go(page, '#/leaders');
    const scope = `league:${club.league}`;
    assert.deepEqual(await page.$$eval('#board-scopes a', (as) => as.map((a) => [a.dataset.scope, a.textContent])),
                     [['global', 'Global'], ['friends', 'Friends'], [scope, 'Club Night']]);
    await page.click(`#board-scopes a[data-scope="${scope}"]`);
    await page.waitForFunction((s) => location.hash.endsWith(`?scope=${s}`) && document.body.dataset.routed === location.hash, scope);
    await waitIdle(page);
    const board = await players.pat.ws.call('leaderboard', { board: 'daily', scope, limit: 10 });
    assert.equal(board.scope, scope);
    assert.deepEqual(board.entries.map((e) => e.player.name).sort(), ['Cy Stranger', 'Pat Page']);
    assert.deepEqual(await boardRows(), serverRows(board));
    assert.equal(await text('#board-scope-note'), 'The members of Club Night (the club board).');
    await checkPage('a club board', '#leaders-screen');
    // A league Pat is not in: not_member, in words.
    await go(page, `#/leaders/daily/${DAY}?scope=league:${other.league}`);
    assert.equal(await page.getAttribute('#message', 'data-code'), 'not_member');
    assert.equal(await text('#message'), FRIEND_WORDS.not_member);
    await go(page, `#/leaders/daily/${DAY}?scope=league:99999`);
    assert.equal(await page.getAttribute('#message', 'data-code'), 'unknown_league');
});

test('older notices: the inbox pages with next_cursor, newest first', { timeout: 120000 }, async () => {
    // 21 more followers: 23 notices in all, a page being 20.
    for (let i = 0; i < 21; i++) {
        const p = await nodePlayer(`Fan ${String(i + 1).padStart(2, '0')}`);
        await p.ws.call('follow', { player: players.pat.id });
        p.ws.close();
    }
    await page.waitForFunction(() => document.getElementById('inbox-bell').dataset.unread === '21');
    await go(page, '#/inbox');
    assert.equal(await page.$$eval('#inbox-list .notice-item', (els) => els.length), 20);
    await page.click('#inbox-older');
    await waitIdle(page);
    const all = [];
    for (let cursor = null; ;) {
        const reply = await players.pat.ws.call('inbox', cursor === null ? { limit: 50 } : { limit: 50, cursor });
        all.push(...reply.notices);
        if (reply.next_cursor === null) break;
        cursor = reply.next_cursor;
    }
    assert.equal(all.length, 23);
    assert.deepEqual(await page.$$eval('#inbox-list .notice-item', (els) => els.map((el) => Number(el.dataset.id))),
                     all.map((n) => n.id));
    assert.equal(await page.isVisible('#inbox-older'), false, 'the last page');
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.id), String(all[20].id), 'the first older notice has the focus');
    // One notice marked read: the bell and the line follow the server's count.
    await page.click(`#inbox-list .notice-item[data-id="${all[0].id}"] .notice-read`);
    await waitIdle(page);
    assert.equal(await page.getAttribute('#inbox-bell', 'data-unread'), '20');
    assert.equal((await players.pat.ws.call('inbox', { limit: 1 })).unread, 20);
    await checkPage('the inbox, two pages', '#inbox-screen');
    assert.deepEqual(errors, [], 'no uncaught page errors');
});

test('a friend passing Pat\'s daily score: the notice arrives on the open page and reads in words', { timeout: 180000 }, async () => {
    // Friends of Pat's (both follows) finish the daily after Pat, each playing differently,
    // until one scores higher than Pat: that one's friend_passed notice reaches the page.
    await go(page, '#/friends');
    const unread = Number(await page.getAttribute('#inbox-bell', 'data-unread'));
    let passer = null;
    for (let i = 1; i <= 6 && !passer; i++) {
        const p = await nodePlayer(`Dee ${i}`);
        await p.ws.call('follow', { player: players.pat.id });
        await players.pat.ws.call('follow', { player: p.id });
        // The followed notice, then (maybe) the friend_passed one.
        await page.waitForFunction((n) => Number(document.getElementById('inbox-bell').dataset.unread) === n, unread + i);
        const { score } = await playDaily(p, randomPlay(7919 * i));
        if (score > players.pat.score) passer = { ...p, score };
    }
    assert.ok(passer, `one of six friends scored more than Pat's ${players.pat.score}`);
    const push = await players.pat.ws.waitPush((m) => m.type === 'notice' && m.notice.kind === 'friend_passed');
    assert.deepEqual([push.notice.player.id, push.notice.day, push.notice.score, push.notice.your_score],
                     [passer.id, DAY, passer.score, players.pat.score]);
    const words = `${passer.name} passed your score on ${DAY}: ${passer.score} to your ${players.pat.score}.`;
    await page.waitForFunction((w) => document.getElementById('inbox-live').textContent === `New notice: ${w}`, words);
    assert.equal(await page.getAttribute('#inbox-bell', 'data-unread'), String(push.unread));
    await page.click('#inbox-bell');
    await page.waitForFunction(() => document.body.dataset.routed === '#/inbox');
    await waitIdle(page);
    const first = '#inbox-list .notice-item:first-child';
    assert.equal(await page.getAttribute(first, 'data-kind'), 'friend_passed');
    assert.equal(await text(`${first} .notice-text`), `New ${words}`);
    assert.equal(await page.getAttribute(`${first} .notice-text a`, 'href'), `#/profile/${passer.id}`);
    await docShots(page, 'inbox-friend-passed');
    await checkPage('the inbox with a friend_passed notice', '#inbox-screen');
    assert.deepEqual(errors, [], 'no uncaught page errors');
});
