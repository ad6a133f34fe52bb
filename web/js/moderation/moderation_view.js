// The Moderation page (#/moderation, moderators only; docs/protocol.md "Moderation"): the review
// queue, highest priority first and paged with the server's cursor, each case with its player,
// kind and day, score and par, status and reason, priority, reports, and the statistic against
// its thresholds; a form to put any finished ranked game under review (`review_open`); and one
// case (#/moderation/case/<game>, case_view.js). A case opened from the queue is shown from the
// queue's copy; one opened by its address is looked up in the queue's pages.

import { busy, fillScreen, h, plural, wayBack } from '../dom.js';
import { setTitle } from '../router.js';
import { CaseView } from './case_view.js';
import { REASON_WORDS, gameEvidenceText, kindText, moderationErrorText, scoreText,
         utf8Length, weekEvidenceText } from './case_text.js';

export const QUEUE_PAGE = 20;
const FIND_PAGE = 50;   // the page size used to look a case up by its address
const FIND_PAGES = 20;  // how many such pages before giving up (1,000 cases)
export const NOTE_BYTES = 500;

export function statusBadge(status) {
    return h('span', { class: `case-status status-${status}`, data: { status }, text: status === 'review' ? 'under review' : status });
}

export class ModerationView {
    /** player(): the logged-in player or null. */
    constructor(el, client, messages, { player }) {
        this.el = el;
        this.client = client;
        this.messages = messages;
        this.player = player;
        this.cases = new Map();  // game -> the latest case object seen (queue or decision)
        this.cursor = null;      // the queue page shown
        this.cursors = [];       // cursors of the pages before it, for "Previous page"
    }

    /** params.game: a case's game id, or null for the queue. */
    async show({ game = null }) {
        if (!this.player()) {
            fillScreen(this.el, h('h2', { text: 'Moderation' }),
                       h('div', { class: 'card-panel' }, h('p', { text: 'This page is for moderators: log in first.' }),
                         h('a', { class: 'button-link primary', href: '#/account', text: 'Log in' })));
            return;
        }
        if (game === null) {
            this.cursor = null;
            this.cursors = [];
            await this.#loadQueue();
        } else {
            await this.#showCase(game);
        }
    }

    /** A case changed (a decision, a reopening): keep its copy for the queue and for the address. */
    remember(c) {
        this.cases.set(c.game, c);
    }

    async #loadQueue() {
        let page;
        try {
            page = await busy(() => this.client.request('review_queue', {
                limit: QUEUE_PAGE, ...(this.cursor === null ? {} : { cursor: this.cursor }) }));
        } catch (err) {
            this.#refused(err);
            return;
        }
        for (const c of page.cases) this.remember(c);
        setTitle('Moderation: the queue');
        fillScreen(this.el,
            h('h2', { id: 'moderation-title', text: 'Moderation' }),
            h('p', { class: 'muted', text: 'Results under review and clean results someone reported, highest priority ' +
                'first: how far the evidence passes its thresholds, plus half a point a report (at most four). ' +
                'LLR is the clairvoyance statistic, z its guard (docs/integrity.md); a game is flagged when both ' +
                'reach their thresholds ("vs").' }),
            page.cases.length === 0 ? h('p', { id: 'queue-empty', class: 'card-panel muted', text: 'The queue is empty.' })
                : h('ol', { id: 'queue-list', class: 'queue-list', start: (this.cursor ?? 0) + 1 },
                    ...page.cases.map((c) => this.#item(c))),
            this.#pager(page),
            this.#openForm());
    }

    #item(c) {
        const linked = c.linked?.length ?? 0;
        return h('li', { class: 'case-item card-panel', data: { game: c.game, status: c.status } },
            h('div', { class: 'case-head' },
              h('a', { class: 'case-player', href: `#/profile/${c.player.id}`, text: c.player.name }),
              h('span', { class: 'case-kind', text: `${kindText(c)} \u00b7 ${c.ruleset}` }),
              h('span', { class: 'muted', text: `game ${c.game}` })),
            h('p', { class: 'case-line' }, statusBadge(c.status), ' ',
              h('span', { class: 'case-reason', text: REASON_WORDS[c.reason] ?? c.reason })),
            h('p', { class: 'case-score' }, 'Score ', h('strong', { text: scoreText(c) })),
            h('p', { class: 'case-evidence', data: { flagged: String(c.evidence?.flagged ?? false) } },
              h('span', { class: 'evidence-label', text: 'This game: ' }), gameEvidenceText(c.evidence)),
            h('p', { class: 'case-week' }, h('span', { class: 'evidence-label', text: 'Last seven games: ' }),
              weekEvidenceText(c.evidence)),
            h('p', { class: 'case-meta muted', data: { priority: c.priority, reports: c.reports } },
              `Priority ${Number(c.priority).toFixed(2)} \u00b7 ${plural(c.reports, 'report')} \u00b7 ` +
              `${plural(linked, 'linked identity', 'linked identities')}`),
            h('a', { class: 'button-link case-open', href: `#/moderation/case/${c.game}`,
                     'aria-label': `Open the case of game ${c.game} (${c.player.name})`, text: 'Open the case' }));
    }

    #pager(page) {
        if (this.cursors.length === 0 && page.next_cursor === null) return null;
        return h('div', { class: 'pager' },
            this.cursors.length > 0 ? h('button', { type: 'button', id: 'queue-prev', text: '\u25c0 Previous page',
                                                    on: { click: () => this.#page(this.cursors.pop() ?? null, false) } }) : null,
            h('span', { id: 'queue-info', class: 'muted', text: `Cases ${(this.cursor ?? 0) + 1}\u2013${(this.cursor ?? 0) + page.cases.length}` }),
            page.next_cursor !== null ? h('button', { type: 'button', id: 'queue-next', text: 'Next page \u25b6',
                                                      on: { click: () => this.#page(page.next_cursor, true) } }) : null);
    }

    async #page(cursor, forward) {
        if (forward) this.cursors.push(this.cursor);
        this.cursor = cursor;
        this.messages.clearError();
        await this.#loadQueue();
    }

    /** "Put a game under review": review_open with a note; shows the case it answers. */
    #openForm(game = null) {
        const number = h('input', { id: 'open-game', name: 'game', type: 'number', min: 1, step: 1, required: true,
                                    inputmode: 'numeric', value: game ?? false, 'aria-describedby': 'open-about' });
        const note = h('input', { id: 'open-note', name: 'note', type: 'text', maxlength: NOTE_BYTES, autocomplete: 'off' });
        const form = h('form', { id: 'open-form', class: 'card-panel form-stack' },
            h('h3', { text: 'Put a game under review' }),
            h('p', { id: 'open-about', class: 'muted', text: 'Any finished ranked game (daily or league): its result leaves ' +
                'the boards until a moderator clears it. The note goes to the audit log.' }),
            h('label', { for: 'open-game', text: 'Game number' }), number,
            h('label', { for: 'open-note', text: 'Note (optional)' }), note,
            h('div', { class: 'buttons' }, h('button', { type: 'submit', class: 'primary', id: 'open-button', text: 'Put under review' })));
        form.addEventListener('submit', async (ev) => {
            ev.preventDefault();
            this.messages.clearError();
            if (utf8Length(note.value) > NOTE_BYTES) {
                this.messages.error(`A note is at most ${NOTE_BYTES} bytes.`);
                return;
            }
            try {
                const reply = await busy(() => this.client.request('review_open', { game: Number(number.value), note: note.value }));
                this.remember(reply.case);
                location.hash = `#/moderation/case/${reply.case.game}`;
            } catch (err) {
                this.messages.error({ code: err.code, message: moderationErrorText(err, 'open') });
            }
        });
        return form;
    }

    async #showCase(game) {
        let c = this.cases.get(game) ?? null;
        if (!c) {
            try {
                c = await busy(() => this.#find(game));
            } catch (err) {
                this.#refused(err);
                return;
            }
        }
        if (!c) {
            setTitle(`Moderation: game ${game}`);
            fillScreen(this.el, h('h2', { text: `Case of game ${game}` }),
                       h('p', { class: 'buttons' }, h('a', { class: 'button-link small', href: '#/moderation', text: '\u25c0 The queue' })),
                       h('p', { id: 'case-missing', class: 'card-panel', text: `Game ${game} has no open case in the queue: ` +
                           'a decided case (cleared or disqualified) leaves it. Put the game under review below to open one.' }),
                       this.#openForm(game));
            return;
        }
        const view = new CaseView(this.client, this.messages, { onChange: (changed) => this.remember(changed) });
        setTitle(`Moderation: game ${game}`);
        fillScreen(this.el, ...(await busy(() => view.render(c))));
    }

    /** The case of `game` from the queue's pages, or null when no open case has it. */
    async #find(game) {
        let cursor = null;
        for (let i = 0; i < FIND_PAGES; i++) {
            const page = await this.client.request('review_queue', { limit: FIND_PAGE, ...(cursor === null ? {} : { cursor }) });
            for (const c of page.cases) this.remember(c);
            const found = page.cases.find((c) => c.game === game);
            if (found) return found;
            if (page.next_cursor === null) return null;
            cursor = page.next_cursor;
        }
        return null;
    }

    #refused(err) {
        const forbidden = err.code === 'forbidden';
        fillScreen(this.el, h('h2', { text: 'Moderation' }),
                   forbidden ? h('p', { id: 'moderation-forbidden', class: 'card-panel',
                                        text: 'This page is for moderators. The operator grants the role from the server\u2019s command line.' })
                       : null,
                   wayBack());
        this.messages.error({ code: err.code, message: moderationErrorText(err) });
    }
}

