// The deciding decisions of a case (docs/integrity.md "The statistic"): at each, every choice
// with the coach's expected final score under hidden information (E, `expected`) and the best
// final score with every card known (P, `known`); the play chosen, the coach's best and par's
// best marked; the decision's LLR term and q (the chance the play chosen turns out best). When
// the game's record is public (a revealed day, a closed round) the case's replay shows each
// decision on the rack: the position before it, with the play chosen, the coach's best or
// par's best picked out, step by step as on the replay page.

import { cardLabel } from '../cards.js';
import { h } from '../dom.js';
import { RackView } from '../rack_view.js';
import { stepWords } from '../replay_words.js';
import { SheetView } from '../sheet_view.js';
import { choiceWords, signed } from './case_text.js';

const MARKS = [['played', 'played'], ['coach_best', 'coach\u2019s best'], ['known_best', 'par\u2019s best']];
const SHOWN = { played: 'the play chosen', coach_best: 'the coach\u2019s best', known_best: 'par\u2019s best' };

/** "2:4" -> {pile: 2, pins: Set{4}}; a stop or resign picks nothing on the rack. */
function pick(token) {
    const m = /^([1-3]):([\d,]+)$/.exec(token);
    return m ? { pile: Number(m[1]), pins: new Set(m[2].split(',').map(Number)) } : { pile: null, pins: new Set() };
}

/** The up card of the pile a token plays, at a replay state ("7♠"), or null. */
function cardOf(state, token) {
    const { pile } = pick(token);
    return state && pile ? cardLabel(state.piles[pile - 1]?.up) || null : null;
}

/** The case's replay: rack, piles, sheet, step controls, and a caption saying what is shown. */
export class CaseReplay {
    constructor(steps) {
        this.steps = steps;
        this.at = 0;
        const rack = h('div', { class: 'rack', role: 'group', 'aria-label': 'Pins' });
        const piles = h('div', { class: 'piles', role: 'group', 'aria-label': 'Ball piles' });
        const burn = h('p', { class: 'burn', hidden: true });
        const sheet = h('div', { class: 'sheet' });
        this.rack = new RackView(rack, piles, burn, { onPin: () => {}, onPile: () => {} });
        this.sheet = new SheetView(sheet);
        this.caption = h('p', { id: 'case-replay-caption', class: 'replay-action', 'aria-live': 'polite' });
        this.slider = h('input', { type: 'range', id: 'case-replay-slider', min: 0, max: steps.length - 1, value: 0,
                                   'aria-label': 'Step' });
        this.slider.addEventListener('input', () => this.go(Number(this.slider.value)));
        this.counter = h('span', { id: 'case-replay-step', class: 'muted' });
        const btn = (id, text, label, to) => h('button', { type: 'button', id, text, 'aria-label': label,
                                                          on: { click: () => this.go(to()) } });
        this.el = h('div', { id: 'case-replay', class: 'case-replay' },
            h('div', { class: 'replay-controls' },
              btn('case-replay-prev', '\u25c0', 'Step back', () => this.at - 1),
              btn('case-replay-next', '\u25b6', 'Next step', () => this.at + 1),
              this.slider, this.counter),
            this.caption,
            h('div', { class: 'table' }, rack, h('div', { class: 'side' }, piles, burn)),
            h('section', { class: 'sheet-wrap', 'aria-label': 'Score sheet' }, sheet));
    }

    /** Step i as played: the action that led to it told in words, nothing picked out. */
    go(i) {
        const at = Math.max(0, Math.min(this.steps.length - 1, i));
        const step = this.steps[at];
        this.#draw(at, { pile: step.action?.kind === 'play' ? step.action.pile : null, pins: new Set() });
        this.caption.textContent = stepWords(step, this.steps[Math.max(0, at - 1)].state);
        this.caption.dataset.showing = '';
    }

    /** The position before decision `driver` (its record index), with one of its choices picked out. */
    showChoice(driver, which) {
        const at = Math.max(0, Math.min(this.steps.length - 1, driver.index));
        const token = driver[which];
        this.#draw(at, pick(token));
        const state = this.steps[at].state;
        this.caption.textContent = `Frame ${driver.frame}, ball ${driver.ball}, decision ${driver.index + 1}: ` +
            `${SHOWN[which]}, ${choiceWords(token, cardOf(state, token))} (${token}).`;
        this.caption.dataset.showing = which;
        this.caption.dataset.index = String(driver.index);
        this.el.scrollIntoView?.({ block: 'nearest' });
    }

    #draw(at, choice) {
        this.at = at;
        const s = this.steps[at].state;
        this.rack.render(s, { pile: choice.pile, pins: choice.pins, hintPins: new Set(), hintPiles: new Set(),
                              fell: [], locked: true });
        this.sheet.render(s.sheet, s.over ? 0 : s.frame, { over: s.over });
        this.slider.value = String(at);
        this.counter.textContent = `Step ${at} of ${this.steps.length - 1}`;
        this.el.dataset.step = String(at);
    }
}

/**
 * The drivers as a list, largest LLR term first (the server's order). replay: a CaseReplay or
 * null (the record is not public yet: the choices are named by pile, not by card).
 */
export function driversList(drivers, replay) {
    if (drivers.length === 0) {
        return h('p', { id: 'case-no-drivers', class: 'muted', text: 'No deciding decision: at every decision the ' +
            'coach\u2019s best was also among the best plays with every card known, so the game carries no evidence.' });
    }
    return h('ol', { id: 'case-drivers', class: 'drivers' }, ...drivers.map((d) => driverItem(d, replay)));
}

function driverItem(d, replay) {
    const state = replay ? replay.steps[d.index]?.state ?? null : null;
    const rows = d.choices.map((c) => {
        const marks = MARKS.filter(([key]) => d[key] === c.action);
        return h('tr', { class: marks.map(([key]) => `is-${key}`).join(' '),
                         data: { action: c.action, marks: marks.map(([key]) => key).join(' ') } },
            h('td', {},
              h('code', { text: c.action }), ' ',
              h('span', { class: 'choice-words', text: choiceWords(c.action, cardOf(state, c.action)) }),
              marks.length ? h('span', { class: 'choice-marks' }, ...marks.map(([key, label]) =>
                  h('span', { class: `mark-badge mark-${key}`, text: label }))) : null),
            h('td', { class: 'num', text: Number(c.expected).toFixed(2) }),
            h('td', { class: 'num', text: String(c.known) }));
    });
    return h('li', { class: 'driver card-panel', data: { index: d.index, frame: d.frame, ball: d.ball, llr: d.llr, q: d.q } },
        h('h4', { class: 'driver-head', text: `Frame ${d.frame}, ball ${d.ball} \u00b7 decision ${d.index + 1}` }),
        h('p', { class: 'driver-figures' },
          'LLR term ', h('strong', { class: 'driver-llr', text: signed(d.llr) }),
          ' \u00b7 q ', h('strong', { class: 'driver-q', text: Number(d.q).toFixed(2) }),
          h('span', { class: 'muted', text: ' (the chance, given what was seen, that the play chosen turns out best)' })),
        h('p', { class: 'driver-summary' }, 'Played ', h('code', { text: d.played }), ', coach\u2019s best ',
          h('code', { text: d.coach_best }), ', par\u2019s best ', h('code', { text: d.known_best }), '.'),
        h('div', { class: 'table-wrap' }, h('table', { class: 'board driver-choices' },
            h('thead', {}, h('tr', {}, h('th', { text: 'Choice' }),
                             h('th', { class: 'num', title: 'the coach\u2019s expected final score, hidden information', text: 'E (coach)' }),
                             h('th', { class: 'num', title: 'the best final score with every card known', text: 'P (known)' }))),
            h('tbody', {}, ...rows))),
        replay ? h('div', { class: 'buttons show-on-rack' }, h('span', { class: 'muted', text: 'On the rack:' }),
            ...MARKS.map(([key, label]) => h('button', { type: 'button', class: 'small', data: { show: key, index: d.index },
                                                        text: label, on: { click: () => replay.showChoice(d, key) } }))) : null);
}
