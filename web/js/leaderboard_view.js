// The leaderboards: the daily board of any day (top, or around the logged-in player, paged with
// the server's cursors), each player's best game, and the best averages; the player's own line.

import { busy, fillScreen, formatDay, h, shiftDay } from './dom.js';
import { boardTable, meLine } from './leaderboard_table.js';

export const PAGE_SIZE = 10;
const BOARDS = [['daily', 'Daily'], ['best_game', 'Best game'], ['best_average', 'Best average']];
const ABOUT = {
    daily: 'Everyone\'s one ranked attempt at the day\'s deals. Ties share a rank; the earlier finish is listed first.',
    best_game: 'Each player\'s best ranked game.',
    best_average: 'Ranked games of the last 30 days, for players with at least 10 of them.',
};

export class LeaderboardView {
    /** today(): the server's UTC date; player(): the logged-in player or null. */
    constructor(el, client, messages, { today, player }) {
        this.el = el;
        this.client = client;
        this.messages = messages;
        this.today = today;
        this.player = player;
        this.query = null;
        this.cursors = [];  // cursors of the pages before the one shown (for "Previous page")
    }

    /** params: {board, date, around} from the address. */
    async show({ board = 'daily', date = null, around = false }) {
        board = BOARDS.some(([b]) => b === board) ? board : 'daily';
        this.query = { board, date: board === 'daily' ? (date ?? this.today()) : null,
                       around: around && Boolean(this.player()), cursor: null };
        this.cursors = [];
        await this.#load();
    }

    async #load() {
        const q = this.query;
        const fields = { board: q.board, limit: PAGE_SIZE };
        if (q.date) fields.date = q.date;
        if (q.cursor) fields.cursor = q.cursor;
        else if (q.around) fields.around = true;
        let page;
        try {
            page = await busy(() => this.client.request('leaderboard', fields));
        } catch (err) {
            this.messages.error(err);
            this.#render(null);
            return;
        }
        this.messages.clearError();
        this.#render(page);
    }

    #render(page) {
        const q = this.query;
        const tabs = h('div', { class: 'tabs', role: 'tablist' }, ...BOARDS.map(([b, label]) =>
            h('a', { href: `#/leaders/${b}`, role: 'tab', 'aria-selected': String(b === q.board),
                     class: b === q.board ? 'tab active' : 'tab', data: { board: b }, text: label })));
        const parts = [h('h2', { text: 'Leaderboards' }), tabs,
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
            parts.push(h('div', { class: 'table-wrap' }, boardTable(page)));
            parts.push(this.#pager(page));
        }
        fillScreen(this.el, ...parts);
    }

    #dayPicker(date) {
        const today = this.today();
        const input = h('input', { type: 'date', id: 'board-date', value: date, max: today,
                                   'aria-label': 'Day' });
        input.addEventListener('change', () => {
            if (/^\d{4}-\d{2}-\d{2}$/.test(input.value)) location.hash = `#/leaders/daily/${input.value}`;
        });
        return h('div', { class: 'day-picker' },
            h('a', { class: 'button-link', id: 'board-prev-day', href: `#/leaders/daily/${shiftDay(date, -1)}`,
                     text: '\u25c0 Day before' }),
            h('span', { class: 'day-name', id: 'board-day', text: formatDay(date) }),
            input,
            date < today ? h('a', { class: 'button-link', id: 'board-next-day',
                                    href: `#/leaders/daily/${shiftDay(date, 1)}`, text: 'Day after \u25b6' }) : null);
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
