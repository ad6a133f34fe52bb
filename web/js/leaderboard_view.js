// The leaderboards: the daily board of any day (top, or around the logged-in player, paged with
// the server's cursors), each player's best game, and the best averages; the player's own line.
// Each board in a scope (issue 29): Global, Friends (you and the players you follow) or the
// club board of each league you are a member of (`league_list`); the scope is the address's
// ?scope= (router.js boardHash), kept by the board tabs and the day picker.

import { busy, fillScreen, formatDay, h, shiftDay } from './dom.js';
import { friendWords } from './friends/friend_text.js';
import { boardTable, meLine } from './leaderboard_table.js';
import { boardHash } from './router.js';

export const PAGE_SIZE = 10;
const BOARDS = [['daily', 'Daily'], ['best_game', 'Best game'], ['best_average', 'Best average']];
const ABOUT = {
    daily: 'Everyone\'s one ranked attempt at the day\'s deals. Ties share a rank; the earlier finish is listed first.',
    best_game: 'Each player\'s best ranked game.',
    best_average: 'Ranked games of the last 30 days, for players with at least 10 of them.',
};

export class LeaderboardView {
    /**
     * today(): the server's UTC date; player(): the logged-in player or null; identity(): that,
     * or a guest's ranked identity (who may ask for the Friends board).
     */
    constructor(el, client, messages, { today, player, identity = player }) {
        this.el = el;
        this.client = client;
        this.messages = messages;
        this.today = today;
        this.player = player;
        this.identity = identity;
        this.query = null;
        this.cursors = [];  // cursors of the pages before the one shown (for "Previous page")
        this.leagues = [];  // [{id, name}] the leagues the player is a member of (club boards)
    }

    /** params: {board, date, around, scope} from the address. */
    async show({ board = 'daily', date = null, around = false, scope = 'global' }) {
        board = BOARDS.some(([b]) => b === board) ? board : 'daily';
        this.query = { board, date: board === 'daily' ? (date ?? this.today()) : null,
                       around: around && Boolean(this.player()), cursor: null, scope: scope ?? 'global' };
        this.cursors = [];
        await this.#loadLeagues();
        await this.#load();
    }

    /** The leagues of the scope switch: those the player is a member of (none for a visitor). */
    async #loadLeagues() {
        this.leagues = [];
        if (!this.identity()) return;
        try {
            const reply = await busy(() => this.client.request('league_list'));
            this.leagues = reply.leagues.filter((l) => l.you?.member).map((l) => ({ id: l.league, name: l.name }));
        } catch {
            // A guest (league_list is the logged-in player's) or a failure: Global and Friends only.
        }
    }

    async #load() {
        const q = this.query;
        const fields = { board: q.board, limit: PAGE_SIZE };
        if (q.date) fields.date = q.date;
        if (q.scope !== 'global') fields.scope = q.scope;
        if (q.cursor) fields.cursor = q.cursor;
        else if (q.around) fields.around = true;
        let page;
        try {
            page = await busy(() => this.client.request('leaderboard', fields));
        } catch (err) {
            this.messages.error(err, q.scope !== 'global' ? friendWords(err) : null);
            this.#render(null);
            return;
        }
        this.messages.clearError();
        this.#render(page);
    }

    #href(board, changes = {}) {
        const q = { ...this.query, board, ...changes };
        return boardHash(board, { date: board === 'daily' ? q.date : null, around: q.around, scope: q.scope });
    }

    /** Global / Friends / each league: whose lines the board holds. */
    #scopes() {
        const q = this.query;
        if (!this.identity() && q.scope === 'global') return null;
        const scopes = [['global', 'Global'], ['friends', 'Friends'],
                        ...this.leagues.map((l) => [`league:${l.id}`, l.name])];
        if (!scopes.some(([s]) => s === q.scope)) scopes.push([q.scope, `League ${q.scope.slice(7)}`]);
        return h('nav', { class: 'scope-switch', id: 'board-scopes', 'aria-label': 'Whose board' },
                 ...scopes.map(([scope, label]) => h('a', {
                     href: this.#href(q.board, { scope, around: scope === q.scope && q.around }),
                     class: `scope${scope === q.scope ? ' active' : ''}`, data: { scope },
                     'aria-current': scope === q.scope ? 'true' : null, text: label })));
    }

    #scopeNote(page) {
        const q = this.query;
        if (q.scope === 'global') return null;
        if (page && page.scope !== q.scope) {
            return h('p', { id: 'board-scope-note', class: 'card-panel notice',
                            text: 'This server does not know scoped boards yet: the board below is everyone\'s.' });
        }
        const league = this.leagues.find((l) => `league:${l.id}` === q.scope);
        return h('p', { id: 'board-scope-note', class: 'muted' }, q.scope === 'friends'
            ? ['You and the players you follow. ', h('a', { href: '#/friends', text: 'Your friends' })]
            : ['The members of ', league ? h('a', { href: `#/league/${league.id}`, text: league.name })
                : `league ${q.scope.slice(7)}`, ' (the club board).']);
    }

    #render(page) {
        const q = this.query;
        const tabs = h('div', { class: 'tabs', role: 'tablist' }, ...BOARDS.map(([b, label]) =>
            h('a', { href: this.#href(b, { around: false }), role: 'tab', 'aria-selected': String(b === q.board),
                     class: b === q.board ? 'tab active' : 'tab', data: { board: b }, text: label })));
        const parts = [h('h2', { text: 'Leaderboards' }), tabs, this.#scopes(), this.#scopeNote(page),
                       h('p', { class: 'muted', text: ABOUT[q.board] })];
        if (q.board === 'daily') parts.push(this.#dayPicker(q.date));
        if (page) {
            const mine = meLine(page);
            // The server centres a page on the player for the daily board only.
            if (q.board === 'daily' && this.player()) {
                parts.push(h('div', { class: 'buttons board-modes' },
                    h('button', { type: 'button', id: 'board-top', 'aria-pressed': String(!q.around),
                                  text: 'Top', on: { click: () => this.#jump(false) } }),
                    h('button', { type: 'button', id: 'board-around', 'aria-pressed': String(q.around),
                                  text: 'Around me', on: { click: () => this.#jump(true) } })));
            }
            parts.push(h('p', { id: 'board-me', class: mine ? 'me-line' : 'muted' },
                           mine ?? (this.player() ? 'You are not on this board.'
                                                  : 'Register to appear on the boards.')));
            const empty = q.scope === 'friends' ? 'Nobody you follow is on this board yet, nor are you.'
                : q.scope !== 'global' ? 'No member of this league is on this board yet.' : undefined;
            parts.push(h('div', { class: 'table-wrap' }, boardTable(page, empty ? { empty } : {})));
            parts.push(this.#pager(page));
        }
        fillScreen(this.el, ...parts.filter(Boolean));
    }

    #dayPicker(date) {
        const today = this.today();
        const input = h('input', { type: 'date', id: 'board-date', value: date, max: today,
                                   'aria-label': 'Day' });
        const day = (d) => this.#href('daily', { date: d, around: false });
        input.addEventListener('change', () => {
            if (/^\d{4}-\d{2}-\d{2}$/.test(input.value)) location.hash = day(input.value);
        });
        return h('div', { class: 'day-picker' },
            h('a', { class: 'button-link', id: 'board-prev-day', href: day(shiftDay(date, -1)),
                     text: '\u25c0 Day before' }),
            h('span', { class: 'day-name', id: 'board-day', text: formatDay(date) }),
            input,
            date < today ? h('a', { class: 'button-link', id: 'board-next-day',
                                    href: day(shiftDay(date, 1)), text: 'Day after \u25b6' }) : null);
    }

    #pager(page) {
        const first = page.entries[0]?.rank;
        const info = page.entries.length === 0 ? `${page.total} in all`
            : `Ranks ${first}\u2013${page.entries[page.entries.length - 1].rank} of ${page.total}`;
        return h('div', { class: 'pager' },
            this.cursors.length > 0
                ? h('button', { type: 'button', id: 'board-prev', text: '\u25c0 Previous page',
                                on: { click: () => this.#previous() } }) : null,
            h('span', { id: 'board-info', class: 'muted', text: info }),
            page.next_cursor
                ? h('button', { type: 'button', id: 'board-next', text: 'Next page \u25b6',
                                on: { click: () => this.#next(page.next_cursor) } }) : null);
    }

    async #jump(around) {
        this.query = { ...this.query, around, cursor: null };
        this.cursors = [];
        await this.#load();
    }

    async #next(cursor) {
        this.cursors.push(this.query.cursor);
        this.query = { ...this.query, cursor };
        await this.#load();
    }

    async #previous() {
        this.query = { ...this.query, cursor: this.cursors.pop() ?? null };
        await this.#load();
    }
}
