// The daily challenge: today's date and the player's attempt (start, resume, or its score), the
// commitment to today's seed, the last revealed day's seed checked against the commitment this
// browser saw that day, the top of today's leaderboard with the player's own line, and the
// recap of yesterday's attempt (daily_recap.js). A visitor who is not signed in may play as a
// guest (guest_identity.js); the page then names the guest-xxxx identity it plays under.

import { commitmentOf } from './solitaire/deal.js';
import { busy, fillScreen, formatDay, formatWhen, h, wayBack } from './dom.js';
import { yesterdayRecap } from './daily_recap.js';
import { nextDailyText } from './daily_result.js';
import { standingPanel } from './day_chart.js';
import { friendsStanding, friendsStandingLine } from './friends/friends_standing.js';
import { boardTable, meLine } from './leaderboard_table.js';
import { reviewNote } from './review_note.js';

const COMMITMENTS_KEY = 'pinfall.commitments';  // {date: commitment} seen by this browser

function seenCommitments() {
    try {
        return JSON.parse(localStorage.getItem(COMMITMENTS_KEY) ?? '{}') ?? {};
    } catch {
        return {};
    }
}

function rememberCommitment(date, commitment) {
    const seen = seenCommitments();
    seen[date] = commitment;
    const keep = Object.keys(seen).sort().slice(-60);  // two months is plenty
    localStorage.setItem(COMMITMENTS_KEY, JSON.stringify(Object.fromEntries(keep.map((d) => [d, seen[d]]))));
}

/** "Daily streak: 2 days (best 5). 12 dailies played." from the daily reply, or null. */
function loopLine(d) {
    if (!d.streak) return null;
    const days = (n) => `${n} day${n === 1 ? '' : 's'}`;
    return h('p', { id: 'daily-streak', data: { current: d.streak.current, best: d.streak.best, played: d.played } },
             `Daily streak: ${days(d.streak.current)} (best ${d.streak.best}). `,
             `${d.played} ${d.played === 1 ? 'daily' : 'dailies'} played.`);
}

/** The countdown to tomorrow's daily; it stops ticking once its page is gone. */
function nextDaily() {
    const line = h('p', { id: 'daily-next', class: 'muted', text: nextDailyText(Date.now()) });
    const timer = setInterval(() => {
        if (!line.isConnected) clearInterval(timer);
        else line.textContent = nextDailyText(Date.now());
    }, 1000);
    return line;
}

export class DailyView {
    /**
     * startDaily(): starts or resumes today's attempt; replayDay(date): unranked replay;
     * player(): the logged-in player or null (yesterday's recap is a player's); guest(): resolves
     * with a guest's identity {id, name} or null.
     */
    constructor(el, client, messages, { startDaily, replayDay, player = () => null, guest = async () => null }) {
        this.player = player;
        this.guest = guest;
        this.el = el;
        this.client = client;
        this.messages = messages;
        this.startDaily = startDaily;
        this.replayDay = replayDay;
    }

    async show() {
        // Never the page of an earlier visit under today's address while this one loads.
        fillScreen(this.el, h('h2', { text: 'Daily challenge' }), h('p', { class: 'muted', text: 'Loading\u2026' }));
        let daily;
        let board;
        try {
            [daily, board] = await busy(() => Promise.all([
                this.client.request('daily'),
                this.client.request('leaderboard', { board: 'daily', limit: 5 }),
            ]));
        } catch (err) {
            fillScreen(this.el, h('h2', { text: 'Daily challenge' }), wayBack());
            this.messages.error(err);
            return;
        }
        rememberCommitment(daily.date, daily.commitment);
        // Not logged in but not anonymous: a guest playing under its guest-xxxx identity.
        const guest = !this.player() && daily.status !== 'anonymous' ? await busy(() => this.guest()) : null;
        const recap = this.player() || guest ? await busy(() => yesterdayRecap(this.client, daily)) : null;
        // "3rd of your 7 friends" once today's attempt is finished (issue 29).
        const friends = daily.status === 'finished' ? await busy(() => friendsStanding(this.client, daily.date)) : null;
        fillScreen(this.el,
                   h('h2', { id: 'daily-title' }, 'Daily challenge ', h('span', { class: 'muted', text: `${formatDay(daily.date)} (UTC day)` })),
                   this.#attempt(daily, guest, friends),
                   recap,
                   this.#board(daily, board),
                   this.#fairness(daily));
        if (daily.revealed) await this.#checkRevealed(daily.revealed);
    }

    #attempt(d, guest, friends = null) {
        const panel = h('div', { id: 'daily-status', class: 'card-panel daily-attempt', data: { status: d.status } });
        const times = h('p', { class: 'muted' },
                        `Everyone plays the same deals today (${d.ruleset} rules). Attempts may start until `,
                        h('strong', { text: formatWhen(d.ends_at, { utc: true }) }), '; a started one may be finished until the reveal at ',
                        h('strong', { text: formatWhen(d.reveals_at, { utc: true }) }), '.');
        const button = (text, id) => h('button', { type: 'button', id, class: 'primary big',
                                                   text, on: { click: () => this.startDaily() } });
        if (d.status === 'anonymous') {
            panel.append(h('p', { class: 'lead', text: 'One ranked attempt a day, on the leaderboard for everyone to see.' }),
                         h('div', { class: 'buttons' },
                           h('button', { type: 'button', id: 'daily-guest', class: 'primary big',
                                         text: 'Play today\'s daily as a guest',
                                         on: { click: () => this.startDaily({ guest: true }) } }),
                           h('a', { class: 'button-link big', href: '#/account', id: 'daily-register', text: 'Register to play' })),
                         h('p', { class: 'muted', text: 'As a guest you get a name like guest-7f3a on the board. ' +
                             'Register later and your games and results stay yours, under your new name.' }));
        } else if (d.status === 'none') {
            panel.append(h('p', { class: 'lead', text: 'You have not played today\'s challenge yet. You get one attempt.' }),
                         button('Start today\'s challenge', 'daily-start'));
        } else if (d.status === 'started') {
            panel.append(h('p', { class: 'lead', text: `Your attempt (game ${d.game}) is in progress.` }),
                         button('Resume today\'s challenge', 'daily-resume'));
        } else {
            // Parts that may be absent (the standing of a held result, the review mark) are
            // left out rather than appended as the text "null".
            panel.append(...[h('p', { class: 'lead' }, 'You scored ',
                           h('strong', { id: 'daily-score', class: 'big-score', text: String(d.score) }),
                           ' today.'),
                         reviewNote(d.review, 'daily-review'),
                         friends ? friendsStandingLine(friends, d.date, 'daily-friends') : null,
                         h('div', { class: 'buttons' },
                           h('a', { class: 'button-link', id: 'daily-around', href: `#/leaders/daily/${d.date}/around`,
                                    text: 'Where I stand' }),
                           h('a', { class: 'button-link', href: `#/game/${d.game}`, text: 'My game' })),
                         d.today ? standingPanel(d.today, d.score, 'daily-standing') : null,
                         loopLine(d), nextDaily()].filter(Boolean));
        }
        if (guest) {
            panel.append(h('p', { id: 'daily-guest-name' }, 'You play as the guest ', h('strong', { text: guest.name }),
                           '. ', h('a', { href: '#/account', text: 'Register' }),
                           ' to keep your games and results under a name of your own.'));
        }
        panel.append(times);
        return panel;
    }

    #board(d, board) {
        return h('div', { class: 'card-panel' },
                 h('h3', {}, 'Today\'s leaderboard ', h('span', { class: 'muted', text: `(${board.total} finished)` })),
                 h('div', { class: 'table-wrap' }, boardTable(board, { empty: 'Nobody has finished today\'s challenge yet.' })),
                 meLine(board) ? h('p', { id: 'daily-me', class: 'me-line', text: meLine(board) }) : null,
                 h('a', { href: `#/leaders/daily/${d.date}`, id: 'daily-full-board', text: 'The whole leaderboard' }));
    }

    #fairness(d) {
        const revealed = d.revealed;
        const box = h('div', { class: 'card-panel fairness' },
            h('h3', { text: 'Fair deals: the commitment' }),
            h('p', { class: 'muted', text: 'Today\'s seed is secret until the reveal; this is its SHA-256. ' +
                'Once the seed is published, anyone can check it against this and re-derive every deal.' }),
            h('code', { id: 'daily-commitment', class: 'hex', text: d.commitment }));
        if (!revealed) {
            box.append(h('p', { class: 'muted', text: 'No day has been revealed yet.' }));
            return box;
        }
        box.append(
            h('h3', {}, 'Last revealed day: ', h('span', { id: 'revealed-date', text: formatDay(revealed.date) })),
            h('p', { class: 'muted', text: 'Its seed:' }),
            h('code', { id: 'revealed-seed', class: 'hex', text: revealed.seed }),
            h('p', { id: 'revealed-check', class: 'check', text: 'Checking the seed\u2026' }),
            revealed.par === null || revealed.par === undefined ? null
                : h('details', { id: 'revealed-par', data: { par: revealed.par } },
                    h('summary', { text: `Par that day: ${revealed.par} (the best score with every card known)` }),
                    h('code', { class: 'hex', text: revealed.par_line })),
            h('div', { class: 'buttons' },
              h('button', { type: 'button', id: 'replay-day', text: 'Replay that day (unranked)',
                            on: { click: () => this.replayDay(revealed.date) } }),
              h('a', { class: 'button-link', href: `#/leaders/daily/${revealed.date}`, text: 'Its leaderboard' })));
        return box;
    }

    /** Compares SHA-256 of the revealed seed with the commitment this browser saw that day. */
    async #checkRevealed(revealed) {
        const el = this.el.querySelector('#revealed-check');
        const computed = await commitmentOf(revealed.seed);
        const seen = seenCommitments()[revealed.date];
        if (!seen) {
            el.replaceChildren('This browser did not see that day\'s commitment; compare one saved on the ' +
                               'day with the SHA-256 of this seed:', h('code', { class: 'hex', text: computed }));
            el.dataset.check = 'unknown';
        } else if (seen === computed) {
            el.textContent = '\u2713 The seed matches the commitment this browser saw on that day.';
            el.dataset.check = 'ok';
        } else {
            el.textContent = `\u2717 The seed does NOT match the commitment seen on that day (${seen}).`;
            el.dataset.check = 'mismatch';
        }
    }
}
