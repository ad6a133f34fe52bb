// One case on the Moderation page (#/moderation/case/<game>): what the game was and where the
// case stands, the evidence of the game and of the player's last seven games against their
// thresholds, the deciding decisions (drivers.js) with the game's replay when its record is
// public, the linked identities, and the moderator's actions with a note: Clear, Disqualify
// (confirmed by a second click), Put under review (a reported clean result), Ban and Unban the
// player (a ban confirmed likewise). Refusals (wrong_phase, unknown_case, ...) are said beside
// the buttons, in words.

import { busy, formatWhen, h, plural } from '../dom.js';
import { replaySteps } from '../solitaire/replay.js';
import { REASON_WORDS, STATUS_WORDS, VIA_WORDS, gameEvidenceText, kindText, moderationErrorText,
         scoreText, utf8Length, versusText, weekEvidenceText } from './case_text.js';
import { CaseReplay, driversList } from './drivers.js';

const NOTE_BYTES = 500;
const CONFIRM_MS = 5000;

/** Why a ranked game's record cannot be fetched yet, by kind. */
function hiddenWhy(c) {
    return c.mode === 'league'
        ? 'A league game\u2019s record is public once its round closes; until then not even a moderator can ' +
          'fetch it with `record`. The decisions below come from the server\u2019s own analysis, without the replay.'
        : 'A daily\u2019s record is revealed with its day, an hour after the UTC day ends; until then not even a ' +
          'moderator can fetch it with `record`. The decisions below come from the server\u2019s own analysis, ' +
          'without the replay.';
}

export class CaseView {
    /** onChange(case): a decision changed the case (the page keeps the newer copy). */
    constructor(client, messages, { onChange = () => {} } = {}) {
        this.client = client;
        this.messages = messages;
        this.onChange = onChange;
        this.c = null;
    }

    /** The elements of the case's page (it fetches the record for the replay). */
    async render(c) {
        this.c = c;
        const replay = await this.#replay(c);
        this.summary = h('div');
        this.actions = h('div');
        this.#drawSummary();
        this.#drawActions();
        return [
            h('h2', { id: 'case-title', text: `Case of game ${c.game}` }),
            h('p', { class: 'buttons' }, h('a', { class: 'button-link small', id: 'case-back', href: '#/moderation', text: '\u25c0 The queue' })),
            this.summary,
            this.#evidence(c),
            this.#decisions(c, replay),
            this.#linked(c),
            this.actions,
        ];
    }

    /** {replay: CaseReplay} when the record is public and replays; else {why} in words. */
    async #replay(c) {
        let stored;
        try {
            stored = await this.client.request('record', { game: c.game });
        } catch (err) {
            return { replay: null, why: `The record could not be read (${moderationErrorText(err)}); the decisions are shown without the replay.` };
        }
        if (!stored.record) return { replay: null, why: hiddenWhy(c) };
        try {
            const { steps } = await replaySteps(stored.record);
            return { replay: new CaseReplay(steps), why: null };
        } catch (err) {
            return { replay: null, why: `The record does not replay in this browser (${err.message}).` };
        }
    }

    #drawSummary() {
        const c = this.c;
        const row = (label, ...value) => [h('dt', { text: label }), h('dd', {}, ...value)];
        this.summary.replaceChildren(h('div', { id: 'case-summary', class: 'card-panel', data: { status: c.status } },
            h('dl', { class: 'case-facts' },
              ...row('Player', h('a', { id: 'case-player', href: `#/profile/${c.player.id}`, text: c.player.name }),
                     h('span', { class: 'muted', text: ` (player ${c.player.id})` })),
              ...row('Game', h('a', { href: `#/game/${c.game}`, text: `${kindText(c)}, ${c.ruleset} rules` }),
                     h('span', { class: 'muted', text: ` \u00b7 finished ${formatWhen(c.finished_at, { utc: true })}` })),
              ...row('Score', h('span', { id: 'case-score', text: scoreText(c) })),
              ...row('Status', h('strong', { id: 'case-status', class: `status-${c.status}`, data: { status: c.status },
                                             text: STATUS_WORDS[c.status] ?? c.status })),
              ...row('Reason', h('span', { id: 'case-reason', text: REASON_WORDS[c.reason] ?? c.reason })),
              ...(c.opened_at ? row('Opened', formatWhen(c.opened_at, { utc: true })) : []),
              ...(c.decided_at ? row('Decided', `${formatWhen(c.decided_at, { utc: true })}` +
                                     `${c.decided_by ? ` by ${c.decided_by.name}` : ''}`) : []),
              ...(c.note ? row('Note', h('span', { id: 'case-note', text: c.note })) : []),
              ...row('Reports', h('span', { id: 'case-reports', text: String(c.reports) })),
              ...row('Priority', Number(c.priority).toFixed(2)))));
    }

    #evidence(c) {
        const e = c.evidence;
        const panel = h('section', { id: 'case-evidence', class: 'card-panel', 'aria-labelledby': 'case-evidence-title' },
            h('h3', { id: 'case-evidence-title', text: 'Evidence' }));
        if (!e) {
            panel.append(h('p', { class: 'muted', text: 'Not analysed yet: the server analyses every finished ranked game in ' +
                'the background, a day\u2019s best results first. Reload the case in a moment.' }));
            return panel;
        }
        const line = (id, label, text, flagged) => h('tr', { id, data: { flagged: String(flagged) } },
            h('th', { scope: 'row', text: label }), h('td', { text }),
            h('td', {}, h('span', { class: `flag flag-${flagged}`, text: flagged ? 'flagged' : 'not flagged' })));
        panel.append(
            h('div', { class: 'table-wrap' }, h('table', { class: 'board evidence-table' },
                h('thead', {}, h('tr', {}, h('th', { text: '' }), h('th', { text: 'Statistic vs threshold' }), h('th', { text: 'Verdict' }))),
                h('tbody', {},
                  line('evidence-game', 'This game', versusText(e, e.threshold), e.flagged),
                  line('evidence-week', `Last ${plural(e.week.games, 'game')}`, versusText(e.week, e.week.threshold), e.week.flagged)))),
            h('p', { id: 'evidence-game-text', class: 'muted', text: `This game: ${gameEvidenceText(e)}` }),
            h('p', { id: 'evidence-week-text', class: 'muted', text: `Last seven games: ${weekEvidenceText(e)}` }),
            h('p', { class: 'muted', text: 'LLR: how much likelier the choices are for a player who sees the deal than for ' +
                'this player choosing by expected value with their own noise (tau). z: the guard, about zero for any ' +
                'honest player. A result is flagged when both reach their thresholds.' }));
        return panel;
    }

    #decisions(c, { replay, why }) {
        const drivers = c.evidence?.drivers ?? [];
        const panel = h('section', { id: 'case-decisions', class: 'card-panel', 'aria-labelledby': 'case-decisions-title' },
            h('h3', { id: 'case-decisions-title', text: 'Deciding decisions' }),
            h('p', { class: 'muted', text: 'Where the coach\u2019s best play (hidden information) is not among par\u2019s best ' +
                '(every card known), largest LLR term first. E: the coach\u2019s expected final score after a choice; P: the ' +
                'best final score after it with every card known.' }));
        if (!c.evidence) {
            panel.append(h('p', { class: 'muted', text: 'None yet: the game is not analysed.' }));
            return panel;
        }
        if (replay) {
            panel.append(h('p', { class: 'muted', text: 'The replay: step through the game, or show a decision\u2019s ' +
                'choices on the rack with the buttons under it.' }), replay.el);
            replay.go(0);
        } else {
            panel.append(h('p', { id: 'case-no-replay', class: 'case-why', text: why }));
        }
        panel.append(driversList(drivers, replay));
        return panel;
    }

    #linked(c) {
        const linked = c.linked ?? [];
        return h('section', { id: 'case-linked', class: 'card-panel', 'aria-labelledby': 'case-linked-title' },
            h('h3', { id: 'case-linked-title', text: `Linked identities (${linked.length})` }),
            h('p', { class: 'muted', text: 'Other identities that played the same deal from the same address (or IPv6 /64) ' +
                'or the same browser before this game finished. Evidence only, never a verdict: a family behind one ' +
                'router shares an address.' }),
            linked.length === 0 ? h('p', { id: 'case-linked-none', text: 'None.' })
                : h('ul', { id: 'case-linked-list', class: 'linked-list' }, ...linked.map((l) => h('li', {
                    data: { player: l.player.id, game: l.game, via: l.via } },
                    h('a', { href: `#/profile/${l.player.id}`, class: 'strong', text: l.player.name }), ' \u00b7 ',
                    h('span', { class: 'linked-via', text: VIA_WORDS[l.via] ?? l.via }), ' \u00b7 ',
                    h('a', { href: `#/game/${l.game}`, text: `game ${l.game}` }),
                    h('span', { class: 'muted', text: `, started ${formatWhen(l.started_at, { utc: true })}` })))));
    }

    #drawActions() {
        const c = this.c;
        const note = h('textarea', { id: 'case-note-input', rows: 2, maxlength: NOTE_BYTES, 'aria-describedby': 'case-note-about' });
        const outcome = h('p', { id: 'case-outcome', class: 'case-outcome', 'aria-live': 'polite' });
        const act = (id, text, cls, run, confirmText = null, what = 'decide') => {
            const button = h('button', { type: 'button', id, class: cls, text });
            let timer = null;
            button.addEventListener('click', async () => {
                if (confirmText && !button.classList.contains('confirm')) {
                    button.classList.add('confirm');
                    button.textContent = confirmText;
                    timer = setTimeout(() => {
                        button.classList.remove('confirm');
                        button.textContent = text;
                    }, CONFIRM_MS);
                    return;
                }
                clearTimeout(timer);
                button.classList.remove('confirm');
                button.textContent = text;
                await this.#run(run, note, outcome, what);
            });
            return button;
        };
        const decide = (decision) => async (noteText) => {
            const reply = await this.client.request('review_decide', { game: c.game, decision, note: noteText });
            return this.#changed(reply.case, decision === 'clear' ? 'Cleared: the result is back on the boards.'
                : 'Disqualified: the result is off the boards for good.');
        };
        const open = async (noteText) => {
            const reply = await this.client.request('review_open', { game: c.game, note: noteText });
            return this.#changed(reply.case, 'Under review: the result is off the boards until a moderator decides.');
        };
        const ban = (type) => async (noteText) => {
            const reply = await this.client.request(type, { player: c.player.id, note: noteText });
            return type === 'ban' ? `${reply.player.name} is banned: every token refused, their connections closed, ` +
                'their ranked results off the boards.' : `${reply.player.name} is no longer banned: their results (never a ` +
                'disqualified one) are back and their tokens work again.';
        };
        const buttons = [];
        if (c.status === 'review') buttons.push(act('case-clear', 'Clear', 'primary', decide('clear')));
        if (c.status === 'review' || c.status === 'cleared') {
            buttons.push(act('case-disqualify', 'Disqualify', 'danger', decide('disqualify'),
                             'Really disqualify? It is final: click again.'));
        }
        if (c.status === 'clean') buttons.push(act('case-open', 'Put under review', 'primary', open, null, 'open'));
        this.actions.replaceChildren(h('section', { id: 'case-actions', class: 'card-panel form-stack', 'aria-labelledby': 'case-actions-title' },
            h('h3', { id: 'case-actions-title', text: 'Decision' }),
            h('label', { for: 'case-note-input', text: 'Note' }), note,
            h('p', { id: 'case-note-about', class: 'muted', text: 'Kept with the decision in the audit log (at most 500 bytes).' }),
            h('div', { class: 'buttons' }, ...buttons,
              c.status === 'disqualified' ? h('span', { class: 'muted', text: 'Disqualified is final.' }) : null),
            h('h3', { text: `The player: ${c.player.name}` }),
            h('div', { class: 'buttons' },
              act('case-ban', 'Ban player', 'danger', ban('ban'), `Really ban ${c.player.name}? Click again.`),
              act('case-unban', 'Unban', '', ban('unban'))),
            outcome));
    }

    /** A new copy of the case from the server: redraws what depends on it; returns the words. */
    #changed(c, words) {
        this.c = c;
        this.onChange(c);
        this.#drawSummary();
        this.#drawActions();
        return words;
    }

    async #run(run, note, outcome, what) {
        const text = note.value;
        if (utf8Length(text) > NOTE_BYTES) {
            this.#say(outcome, `A note is at most ${NOTE_BYTES} bytes.`, 'bad_request');
            return;
        }
        try {
            const words = await busy(() => run(text));
            // A decision redraws the actions: the outcome goes on the new line.
            const line = this.actions.querySelector('#case-outcome') ?? outcome;
            this.#say(line, words, '');
        } catch (err) {
            this.#say(this.actions.querySelector('#case-outcome') ?? outcome, moderationErrorText(err, what), err.code ?? 'error');
        }
    }

    #say(el, text, code) {
        el.textContent = text;
        el.dataset.code = code;
        el.classList.toggle('error', code !== '');
        el.setAttribute('role', code !== '' ? 'alert' : 'status');
    }
}
