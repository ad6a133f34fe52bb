// The Arenas page (#/arenas): the next arena to start with its countdown, the live ones with
// their player counts and time left, the others coming, the recently finished, and (for a
// registered player) the form that creates one (docs/protocol.md "Arenas": arena_list,
// arena_create). Countdowns tick every second; one reaching zero reads the list again.

import { busy, fillScreen, formatWhen, h, plural, wayBack } from '../dom.js';
import { countdownTarget, countdownText, settingsText, STATUS_TEXT } from './arena_text.js';

const FINISHED_SHOWN = 10;

const field = (id, label, input, note = null) => h('div', { class: 'league-field' },
    h('label', { class: 'field', for: id }, label, note ? h('span', { class: 'optional', text: ` (${note})` }) : null),
    input);

/** A datetime-local value ("2026-11-29T12:35") in this browser's zone for a time in ms. */
function localInputValue(ms) {
    const d = new Date(ms);
    const pad = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Keeps every [data-until] under root counting down (its data-label, then the time left) every
 * second while root is on the page; calls onZero once when one of them reaches zero while
 * shown (one already at zero when drawn waits for the server's push instead).
 */
export function tickCountdowns(root, now, onZero) {
    let fired = false;
    const running = new Set();  // the countdowns seen above zero
    const tick = () => {
        if (!root.isConnected || root.closest('[hidden]')) {
            clearInterval(timer);
            return;
        }
        for (const el of root.querySelectorAll('[data-until]')) {
            const left = Number(el.dataset.until) - now();
            el.textContent = `${el.dataset.label} ${countdownText(left)}`;
            if (left > 0) running.add(el);
            else if (running.has(el) && !fired) {
                fired = true;
                clearInterval(timer);
                setTimeout(onZero, 600);  // the server's own start or end comes first
            }
        }
    };
    const timer = setInterval(tick, 1000);
    tick();
    return timer;
}

/** A countdown element for an arena, or null once it is over. */
export function countdownEl(arena, now, props = {}) {
    const target = countdownTarget(arena, now);
    if (!target) return null;
    return h('span', { ...props, class: `countdown ${props.class ?? ''}`.trim(),
                       data: { until: target.at, label: target.label },
                       text: `${target.label} ${countdownText(target.at - now)}` });
}

export class ArenaHome {
    /** openArena(detail): shows an arena's page (after creating it); now(): the server's ms. */
    constructor(el, client, messages, { player, now, openArena }) {
        this.el = el;
        this.client = client;
        this.messages = messages;
        this.player = player;
        this.now = now;
        this.openArena = openArena;
        this.timer = null;
    }

    async show() {
        clearInterval(this.timer);
        fillScreen(this.el, h('h2', { text: 'Arenas' }), h('p', { class: 'muted', text: 'Loading\u2026' }));
        let list;
        try {
            list = await busy(() => this.client.request('arena_list', { phase: 'all', limit: 20 }));
        } catch (err) {
            fillScreen(this.el, h('h2', { text: 'Arenas' }), wayBack());
            this.messages.error(err);
            return;
        }
        const now = this.now();
        const [next, ...later] = list.upcoming;
        fillScreen(this.el,
                   h('h2', { id: 'arenas-title', text: 'Arenas' }),
                   h('p', { class: 'intro', text: 'Live tournaments: everyone plays games back to back until the end, ' +
                       'each on its own deal, scored against that deal\'s par. The standings move as games finish.' }),
                   this.#next(next ?? null, now),
                   this.#section('arenas-live', 'Live now', list.live, now,
                                 'No arena is live right now.'),
                   later.length ? this.#section('arenas-upcoming', 'Coming up', later, now, '') : null,
                   this.#section('arenas-finished', 'Recently finished', list.finished.slice(0, FINISHED_SHOWN), now,
                                 'No arena has finished yet.'),
                   this.player() ? this.#createForm() : h('p', { id: 'arena-create-note', class: 'card-panel muted' },
                       'Registered players may create arenas (3 a day). ', h('a', { href: '#/account', text: 'Register' }), '.'));
        this.timer = tickCountdowns(this.el, this.now, () => {
            if (document.body.dataset.screen === 'arenas') this.show();
        });
    }

    #next(arena, now) {
        if (!arena) {
            return h('div', { class: 'card-panel arena-next', id: 'arena-next' },
                     h('p', { class: 'muted', text: 'No arena is scheduled yet.' }));
        }
        return h('div', { class: 'card-panel arena-next', id: 'arena-next', data: { arena: arena.id } },
                 h('p', { class: 'over-kind', text: 'Next start' }),
                 h('h3', {}, h('a', { href: `#/arena/${arena.id}`, text: arena.name })),
                 h('p', { class: 'arena-countdown-big' }, countdownEl(arena, now, { id: 'arena-next-countdown' })),
                 h('p', { class: 'muted', text: `${formatWhen(arena.starts_at, { utc: true })} \u00b7 ${settingsText(arena)}` }),
                 h('p', {}, h('a', { class: 'button-link primary', href: `#/arena/${arena.id}`, text: 'Open to join' })));
    }

    #section(id, title, arenas, now, empty) {
        const items = arenas.map((a) => h('li', { class: 'arena-item card-panel', data: { arena: a.id, status: a.status } },
            h('div', { class: 'arena-item-head' },
              h('a', { class: 'arena-name', href: `#/arena/${a.id}`, text: a.name }),
              h('span', { class: `round-status ${a.status === 'live' ? 'open' : a.status === 'finished' ? 'closed' : 'upcoming'}`,
                          text: STATUS_TEXT[a.status] ?? a.status })),
            h('p', { class: 'arena-item-meta' },
              h('span', { class: 'players', data: { players: a.players }, text: plural(a.players, 'player') }),
              ' \u00b7 ',
              a.status === 'finished' ? h('span', { text: `ended ${formatWhen(a.ends_at)}` }) : countdownEl(a, now)),
            h('p', { class: 'muted small-print', text: settingsText(a) })));
        return h('section', { class: 'arena-section', id, 'aria-label': title },
                 h('h3', { text: title }),
                 items.length ? h('ul', { class: 'arena-list' }, ...items) : h('p', { class: 'muted', text: empty }));
    }

    #createForm() {
        // The default start: the next whole 5 minutes at least 5 minutes from now (server time).
        const step = 5 * 60 * 1000;
        const start = Math.ceil((this.now() + step) / step) * step;
        const num = (id, value, min, max) => h('input', { id, name: id, type: 'number', value, min, max, required: true });
        const entry = h('select', { id: 'ar-entry', on: { change: () => { league.hidden = entry.value !== 'league'; } } },
                        h('option', { value: 'open', text: 'Open: any ranked player' }),
                        h('option', { value: 'registered', text: 'Registered players only' }),
                        h('option', { value: 'league', text: 'Members of a league' }));
        const league = field('ar-league', 'League', h('input', { id: 'ar-league', type: 'number', min: 1,
                                                                  placeholder: 'its number, from its address' }));
        league.hidden = true;
        return h('form', { id: 'arena-create-form', class: 'card-panel form-stack', on: { submit: (ev) => this.#create(ev) } },
                 h('h3', { text: 'Create an arena' }),
                 field('ar-name', 'Name', h('input', { id: 'ar-name', type: 'text', required: true, minlength: 3, maxlength: 40,
                                                       placeholder: 'Friday Night Arena' }), '3 to 40 characters'),
                 h('div', { class: 'league-grid' },
                   field('ar-start', 'Starts', h('input', { id: 'ar-start', type: 'datetime-local', required: true,
                                                           value: localInputValue(start), step: 60 }), 'your time, a whole minute'),
                   field('ar-duration', 'Duration', num('ar-duration', 30, 10, 180), 'minutes, 10 to 180'),
                   field('ar-ruleset', 'Rules', h('select', { id: 'ar-ruleset' },
                         h('option', { value: 'sackson', text: 'Sackson' }), h('option', { value: 'strict', text: 'Strict' }))),
                   field('ar-clock', 'Clock a game', h('input', { id: 'ar-clock', type: 'number', min: 60, max: 900,
                                                                  placeholder: 'none' }), 'seconds, 60 to 900; empty: none'),
                   field('ar-entry', 'Who may join', entry),
                   league),
                 h('p', { class: 'muted', text: 'You may create 3 arenas a day; the start is 1 minute to 7 days ahead.' }),
                 h('button', { type: 'submit', id: 'arena-create', class: 'primary big', text: 'Create the arena' }));
    }

    async #create(ev) {
        ev.preventDefault();
        this.messages.clearError();
        const form = ev.target;
        const val = (id) => form.querySelector(`#${id}`).value.trim();
        const starts = new Date(val('ar-start'));
        if (Number.isNaN(starts.getTime())) {
            this.messages.error('Choose when the arena starts.');
            return;
        }
        const fields = { name: val('ar-name'), ruleset: val('ar-ruleset'), starts_at: starts.toISOString(),
                         duration_min: Number(val('ar-duration')), entry: val('ar-entry') };
        if (val('ar-clock') !== '') fields.clock_s = Number(val('ar-clock'));
        if (fields.entry === 'league') fields.league = Number(val('ar-league'));
        const button = form.querySelector('#arena-create');
        button.disabled = true;
        try {
            const detail = await busy(() => this.client.request('arena_create', fields));
            this.openArena(detail);
        } catch (err) {
            this.messages.error(err);
        } finally {
            button.disabled = false;
        }
    }
}
