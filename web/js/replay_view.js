// Replays a stored game step by step (GET /api/games/{id}: its record and seed, public once
// the game is finished, or its day revealed for a ranked game). The deals are re-derived here
// from the seed (SHA-256, solitaire/deal.js) and the record replayed by solitaire/replay.js,
// shown with the play screen's rack and sheet views; the server can verify the record too. Each
// step is told in words (replay_words.js) and listed by frame and ball (replay_index.js). A
// ranked game of someone else's has "Report" (report_dialog.js), before its reveal too.

import { busy, fillScreen, formatDay, formatWhen, h, plural, wayBack } from './dom.js';
import { RackView } from './rack_view.js';
import { reportAction } from './report_dialog.js';
import { ReplayIndex } from './replay_index.js';
import { stepWords } from './replay_words.js';
import { setTitle } from './router.js';
import { ReviewView } from './review_view.js';
import { SheetView } from './sheet_view.js';
import { dealText } from './solitaire/deal.js';
import { finalLine, replaySteps } from './solitaire/replay.js';

/** GET a JSON document of the HTTP API; rejects with {code, message} on an error status. */
export async function getJson(path) {
    const res = await fetch(path, { headers: { accept: 'application/json' } });
    const body = await res.json().catch(() => ({ code: 'bad_json', message: 'The server sent text that is not JSON.' }));
    if (!res.ok) throw Object.assign(new Error(body.message ?? res.statusText), { code: body.code });
    return body;
}

/**
 * The step of each action of the record's final line (take-backs removed): a review judges
 * that line, so its decision k is shown at the step where that action was made.
 */
function finalLineSteps(actions) {
    const steps = actions.map((a, i) => ({ ...a, step: i + 1 }));
    return finalLine(steps).map((a) => a.step);
}

export class ReplayView {
    /**
     * client (optional): the protocol client, for the coach's review and reports; me(): the
     * player or guest identity of this browser ({id, name}) or null, whose own games get no
     * "Report".
     */
    constructor(el, messages, client = null, { me = () => null } = {}) {
        this.el = el;
        this.messages = messages;
        this.client = client;
        this.me = me;
        this.review = null;
        this.steps = [];
        this.at = 0;
        document.addEventListener('keydown', (ev) => {
            if (document.body.dataset.screen !== 'replay' || this.steps.length === 0) return;
            if (ev.target?.tagName === 'INPUT') return;  // the slider steps by itself
            if (ev.key === 'ArrowRight') this.go(this.at + 1, true);
            else if (ev.key === 'ArrowLeft') this.go(this.at - 1);
            else return;
            ev.preventDefault();
        });
    }

    async show({ game }) {
        this.steps = [];
        this.review = null;
        let g;
        try {
            g = await busy(() => getJson(`/api/games/${game}`));
        } catch (err) {
            // A way back from a dead link: the error alone left the player nowhere to go.
            fillScreen(this.el, h('h2', { text: `Game ${game}` }), wayBack());
            this.messages.error(err);
            return;
        }
        setTitle(`Replay of game ${g.game}`);
        const who = g.player ? h('a', { href: `#/profile/${g.player.id}`, text: g.player.name }) : 'a guest';
        const what = g.mode === 'daily' ? `Daily challenge of ${formatDay(g.day)}` : `${g.mode === 'arena' ? 'An' : 'A'} ${g.mode} game`;
        const head = [h('h2', { id: 'replay-title', text: `Game ${g.game}` }),
                      h('p', { class: 'intro' }, `${what}, ${g.ruleset} rules, by `, who,
                        g.finished ? `: ${g.score} (${plural(g.strikes, 'strike')}, ${plural(g.spares, 'spare')}), finished ${formatWhen(g.finished_at)}.`
                                   : ': not finished yet.'),
                      g.par ? h('p', { id: 'replay-par', data: { par: g.par } },
                                `Par on these deals: ${g.par} \u00b7 ${(100 * g.score / g.par).toFixed(1)}% of par.`) : null,
                      this.#reportable(g) ? reportAction(this.client, g.game) : null];
        if (!g.record) {
            fillScreen(this.el, ...head, h('div', { class: 'card-panel', id: 'replay-hidden' },
                h('p', { text: g.mode === 'practice' ? 'Its record is public once the game is finished.'
                    : g.mode === 'arena' ? 'An arena game\'s seed and record are revealed when its arena ends.'
                    : 'A ranked game\'s seed and record are revealed with its day, an hour after the day ends (UTC). ' +
                      'Until then only its leaderboard line is public.' })));
            return;
        }
        let replay;
        try {
            replay = await busy(() => replaySteps(g.record));
        } catch (err) {
            fillScreen(this.el, ...head);
            this.messages.error(`This record cannot be replayed: ${err.message}`);
            return;
        }
        this.steps = replay.steps;
        this.#build(head, g, replay);
        if (this.client && g.finished) {
            const lineSteps = finalLineSteps(replay.record.actions);
            this.review = new ReviewView(this.client, this.messages, (step) => this.go(step),
                                         (index) => lineSteps[index] ?? index + 1);
            this.el.append(this.review.el);
            this.review.load(g.game);
        }
        this.go(0);
    }

    /** A finished ranked game (daily, league) of another player: it may be reported. */
    #reportable(g) {
        return Boolean(this.client) && g.finished && g.mode !== 'practice' && Boolean(g.player) &&
            g.player.id !== this.me()?.id;
    }

    #build(head, g, replay) {
        const final = replay.steps[replay.steps.length - 1];
        const same = !final.error && final.state.score === g.score;
        const btn = (id, text, label, to) => h('button', { type: 'button', id, 'aria-label': label, text,
                                                          on: { click: () => this.go(to(), id === 'replay-next') } });
        this.slider = h('input', { type: 'range', id: 'replay-slider', min: 0, max: this.steps.length - 1,
                                   value: 0, 'aria-label': 'Step' });
        this.slider.addEventListener('input', () => this.go(Number(this.slider.value)));
        this.counter = h('span', { id: 'replay-step', class: 'muted' });
        this.text = h('p', { id: 'replay-action', class: 'replay-action', 'aria-live': 'polite' });
        const rack = h('div', { class: 'rack', role: 'group', 'aria-label': 'Pins' });
        const piles = h('div', { class: 'piles', role: 'group', 'aria-label': 'Ball piles' });
        const burn = h('p', { class: 'burn', hidden: true });
        const sheet = h('div', { class: 'sheet' });
        this.frameLabel = h('span', { class: 'frame-label' });
        this.rack = new RackView(rack, piles, burn, { onPin: () => {}, onPile: () => {} });
        this.sheet = new SheetView(sheet);
        const verifyOut = h('span', { id: 'verify-result', class: 'muted' });
        this.index = new ReplayIndex(this.steps, (i) => this.go(i));
        fillScreen(this.el, ...head,
            h('div', { class: 'replay-controls' },
              btn('replay-first', '\u00ab First', 'First step', () => 0),
              btn('replay-prev', '\u25c0', 'Step back', () => this.at - 1),
              btn('replay-next', '\u25b6', 'Next step', () => this.at + 1),
              btn('replay-last', 'Last \u00bb', 'Last step', () => this.steps.length - 1),
              this.slider, this.counter),
            h('div', { class: 'status-line' }, this.frameLabel), this.text,
            h('div', { class: 'table' }, rack, h('div', { class: 'side' }, piles, burn)),
            h('section', { class: 'sheet-wrap', 'aria-label': 'Score sheet' }, sheet),
            this.index.el,
            h('div', { class: 'card-panel' },
              h('p', { id: 'replay-check', data: { ok: String(same) },
                       text: same ? `\u2713 Replayed in this browser from the seed: ${final.state.score}, the stored score.`
                           : `\u2717 Replayed in this browser: ${final.error ?? final.state.score}; the server stored ${g.score}.` }),
              h('div', { class: 'buttons' },
                h('button', { type: 'button', id: 'verify', text: 'Verify on the server',
                              on: { click: () => this.#verify(g.game, verifyOut) } }), verifyOut),
              h('details', {}, h('summary', { text: 'Seed, record and deals' }),
                h('dl', { class: 'reveal-list' }, h('dt', { text: 'Seed' }), h('dd', {}, h('code', { text: g.seed })),
                  h('dt', { text: 'Record' }), h('dd', {}, h('code', { id: 'replay-record', text: g.record }))),
                h('ol', { class: 'deals', id: 'replay-deals' }, ...replay.final.deals.slice(0, replay.final.dealIndex + 1)
                    .map((d, k) => h('li', {}, h('span', { class: 'deal-no', text: `deal ${k}` }), h('code', { text: dealText(d) })))))));
    }

    /** Shows step i; `animate`: the pins of a play fall (stepping forward one at a time). */
    go(i, animate = false) {
        if (this.steps.length === 0) return;
        const at = Math.max(0, Math.min(this.steps.length - 1, i));
        const step = this.steps[at];
        const before = this.steps[Math.max(0, at - 1)].state;
        const fell = animate && at === this.at + 1 && step.action?.kind === 'play' ? step.action.pins : [];
        this.at = at;
        const s = step.state;
        this.rack.render(s, { pile: step.action?.kind === 'play' ? step.action.pile : null, pins: new Set(),
                              hintPins: new Set(), hintPiles: new Set(), fell, locked: true });
        this.sheet.render(s.sheet, s.over ? 0 : s.frame, { over: s.over });
        this.slider.value = String(at);
        this.counter.textContent = `Step ${at} of ${this.steps.length - 1}`;
        this.frameLabel.textContent = s.over ? `Game over: ${s.score}` : `Frame ${s.frame} \u00b7 Ball ${s.ball} \u00b7 deal ${s.deal}`;
        this.text.textContent = stepWords(step, before);
        this.text.dataset.token = step.action?.text ?? '';
        this.el.dataset.step = String(at);
        this.index.highlight(at);
        this.review?.highlight(at);
    }

    async #verify(game, out) {
        out.textContent = 'Checking\u2026';
        try {
            const v = await busy(() => getJson(`/api/games/${game}/verify`));
            out.textContent = v.ok ? `\u2713 The server replayed the record: ${v.replayed_score}.`
                : `\u2717 The server's replay failed at action ${v.failed_index}: ${v.error}.`;
            out.dataset.ok = String(v.ok);
        } catch (err) {
            out.textContent = '';
            this.messages.error(err);
        }
    }
}
