// One lane's page: its code to share, joining a side, the turn, the report pad for whoever may
// report now, the owner's undo (once something was reported), the roll-off, every side's live
// sheet, the link as a QR code for phones, and "Play again" on a finished lane (a new lane,
// same rules and sides). The lane's state arrives whole in every `lane` and `lane_update`
// message; the newest version wins.

import { busy, copyText, fillScreen, h } from '../dom.js';
import { RULESETS, rememberLane } from './lane_home.js';
import { qrPanel, serverLinks } from './lane_qr.js';
import { laneSheets } from './lane_sheets.js';
import { canReport, reportPad, rolloffPanel, turnText } from './report_pad.js';

function changeText(msg) {
    const c = msg.change;
    const side = msg.sides[c.side]?.name;
    if (c.e === 'undo') return 'The last report was undone.';
    if (c.e === 'join') return `${c.name} joined ${side}.`;
    return c.foul ? `${side}: foul.` : `${side}: ${c.pins} pin${c.pins === 1 ? '' : 's'}.`;
}

/** Whether anything was reported yet (roll-off included): before that there is nothing to undo. */
function hasReports(s) {
    return (s.rolloff?.reports?.length ?? 0) > 0 || s.sheets.some((sheet) => sheet.frames.some((f) => f.marks !== ''));
}

export class LaneView {
    /**
     * player(): the logged-in player or null (default name for joining); openLane(snapshot):
     * shows a lane just opened ("Play again").
     */
    constructor(el, client, messages, { player, openLane }) {
        this.el = el;
        this.client = client;
        this.messages = messages;
        this.player = player;
        this.openLane = openLane;
        this.links = null;  // GET /api/links, for the QR code's address
        this.state = null;
        this.last = '';
        this.sending = false;
    }

    get code() {
        return this.state?.lane ?? null;
    }

    /**
     * params.code: the lane to show. Watching subscribes this connection to its updates; it is
     * asked again on every visit, as a reconnect meanwhile would have dropped the subscription.
     */
    async show({ code }) {
        this.links ??= await serverLinks();
        if (this.state && this.state.lane === code) {
            this.#render();
            await this.#request('lane_watch', { lane: code });
            return;
        }
        this.state = null;
        this.last = '';
        fillScreen(this.el, h('h2', { text: `Lane ${code}` }), h('p', { class: 'muted', text: 'Loading\u2026' }));
        await this.#request('lane_watch', { lane: code });
        if (!this.state) fillScreen(this.el, h('h2', { text: `Lane ${code}` }), h('a', { href: '#/lanes', text: 'Back to the lanes page' }));
    }

    /** Shows a lane snapshot already received (a lane just opened). */
    showState(msg) {
        if (!this.links) {
            serverLinks().then((l) => {
                this.links = l;
                if (this.state && document.body.dataset.screen === 'lane') this.#render();
            });
        }
        this.state = null;
        this.last = 'Lane opened. Share its code so others can join or watch.';
        this.apply(msg);
    }

    /** After a reconnect: watch again to be subscribed on the new connection. */
    async rewatch() {
        if (this.state) await this.#request('lane_watch', { lane: this.state.lane });
    }

    /** A `lane` or `lane_update` message, a reply or a push; older versions are ignored. */
    apply(msg) {
        if (this.state && (msg.lane !== this.state.lane || msg.version < this.state.version)) return;
        if (msg.type === 'lane_update' && msg.version > (this.state?.version ?? 0)) this.last = changeText(msg);
        this.state = msg;
        if (msg.you !== null) rememberLane(msg.lane);
        if (document.body.dataset.screen === 'lane') this.#render();
    }

    async #request(type, fields) {
        this.sending = true;
        if (this.state) this.#render();
        try {
            const reply = await busy(() => this.client.request(type, fields));
            this.messages.clearError();
            this.sending = false;
            this.apply(reply);
        } catch (err) {
            this.messages.error(err);
        } finally {
            this.sending = false;
            if (this.state && document.body.dataset.screen === 'lane') this.#render();
        }
    }

    report(side, roll) {
        return this.#request('lane_report', { lane: this.state.lane, side, ...roll });
    }

    #render() {
        const s = this.state;
        const rules = RULESETS[s.ruleset];
        const link = `${location.origin}${location.pathname}#/lane/${s.lane}`;
        const copy = h('button', { type: 'button', id: 'copy-lane', class: 'small', text: 'Copy link' });
        copy.addEventListener('click', async () => {
            copy.textContent = (await copyText(link)) ? 'Copied' : link;
        });
        const role = s.you !== null ? `You play for ${s.sides[s.you].name}${s.owner ? ' and keep score (owner)' : ''}.`
            : s.owner ? 'You keep score (owner).' : 'You are watching.';
        fillScreen(this.el,
            h('div', { class: 'lane-head' },
              h('h2', {}, 'Lane ', h('code', { id: 'lane-code', class: 'lane-code', text: s.lane })), copy,
              h('p', { class: 'muted', id: 'lane-rules' }, `${rules?.name ?? s.ruleset}: ${rules?.about ?? ''}`),
              h('p', { id: 'lane-role', class: 'role', data: { you: s.you ?? '', owner: String(s.owner) }, text: role })),
            h('p', { id: 'lane-turn', class: `turn-banner ${s.phase}`, data: { phase: s.phase, side: s.next?.side ?? '' },
                     'aria-live': 'polite', text: turnText(s) }),
            this.last ? h('p', { id: 'lane-last', class: 'last-change', text: this.last }) : null,
            canReport(s) ? reportPad(s, (roll) => this.report(s.next.side, roll), this.sending) : null,
            !canReport(s) && s.phase !== 'complete' && s.you !== null
                ? h('p', { class: 'muted wait', text: 'Waiting for the side to bowl to report.' }) : null,
            s.owner && s.phase !== 'complete' && hasReports(s)
                ? h('div', { class: 'buttons' }, h('button', { type: 'button', id: 'lane-undo', class: 'danger', disabled: this.sending,
                                                               text: 'Undo the last report', on: { click: () => this.#request('lane_undo', { lane: s.lane }) } }))
                : null,
            s.phase === 'complete' && (s.owner || s.you !== null)
                ? h('div', { class: 'buttons' }, h('button', { type: 'button', id: 'lane-again', class: 'primary', disabled: this.sending,
                                                               text: 'Play again', on: { click: () => this.#again(s) } }))
                : null,
            s.you === null && s.phase !== 'complete' ? this.#joinPanel(s) : null,
            s.phase !== 'complete' && this.links ? qrPanel(s.lane, this.links) : null,
            rolloffPanel(s),
            laneSheets(s));
        this.el.dataset.version = String(s.version);
    }

    /** A new lane with the same rules and sides; this player on the same side as before. */
    async #again(s) {
        const fields = { ruleset: s.ruleset, sides: s.sides.map((side) => side.name) };
        if (s.teams) fields.teams = true;
        if (s.you !== null) fields.join = s.you;
        this.sending = true;
        this.#render();
        try {
            const lane = await busy(() => this.client.request('lane_open', fields));
            this.messages.clearError();
            this.sending = false;
            await this.openLane(lane);
            this.last = 'A new lane for the same sides: share its code again.';
            this.#render();
        } catch (err) {
            this.sending = false;
            this.messages.error(err);
            this.#render();
        }
    }

    #joinPanel(s) {
        const name = h('input', { id: 'lane-join-name', type: 'text', maxlength: 24, autocomplete: 'nickname',
                                  value: this.player()?.name ?? '', placeholder: 'your name' });
        return h('div', { id: 'lane-join', class: 'card-panel form-stack' },
                 h('h3', { text: 'Join a side' }),
                 h('p', { class: 'muted', text: 'Members of a side report its rolls from their own phone. ' +
                     'Without joining you watch the sheet live.' }),
                 h('label', { class: 'field', for: 'lane-join-name', text: 'Your name' }), name,
                 h('div', { class: 'buttons' }, ...s.sides.map((side, i) => h('button', {
                     type: 'button', class: 'primary', data: { side: i }, text: `Join ${side.name}`,
                     on: { click: () => {
                         const fields = { lane: s.lane, side: i };
                         if (name.value.trim()) fields.name = name.value.trim();
                         this.#request('lane_join', fields);
                     } } }))));
    }
}
