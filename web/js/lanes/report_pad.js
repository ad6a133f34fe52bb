// The parts of a lane page that follow the turn: the banner saying who bowls (or rolls off)
// now, the big report buttons (0 up to the pins standing, and a foul), and the roll-off table.

import { h } from '../dom.js';

const sideName = (state, i) => state.sides[i]?.name ?? `Side ${i + 1}`;

/** Who is to report, in words. */
export function turnText(state) {
    const n = state.next;
    if (state.phase === 'complete' || !n) {
        const scores = state.sheets.map((s) => s.score);
        const best = Math.max(...scores);
        const winners = state.sides.filter((_, i) => scores[i] === best).map((s) => s.name);
        if (state.sides.length === 1) return `Game complete: ${best}.`;
        return winners.length > 1 ? `Game complete: a tie at ${best} between ${winners.join(' and ')}.`
                                  : `Game complete: ${winners[0]} wins with ${best}.`;
    }
    if (state.phase === 'rolloff') {
        return `Roll-off: ${sideName(state, n.side)} rolls one ball to decide the order of play.`;
    }
    return `${sideName(state, n.side)} \u00b7 frame ${n.frame}, ball ${n.ball} \u00b7 ${n.standing} pin${n.standing === 1 ? '' : 's'} standing`;
}

/** True when this connection may report the next roll (a member of that side, or the owner). */
export function canReport(state) {
    return Boolean(state.next) && (state.owner || state.you === state.next.side);
}

/** The report buttons for the next roll; onReport({pins} | {foul: true}). */
export function reportPad(state, onReport, disabled) {
    const n = state.next;
    const buttons = [];
    for (let pins = 0; pins <= n.standing; pins++) {
        const label = pins === n.standing && pins > 0 ? 'all' : ['none', 'pin'][pins] ?? 'pins';
        // The name read out is the text shown ("0 none", "2 pins", "9 all"), as WCAG's label in
        // name asks: a speech user says what they see.
        buttons.push(h('button', { type: 'button', class: 'pad-button', data: { pins }, disabled,
                                   on: { click: () => onReport({ pins }) } },
                       h('span', { class: 'pad-number', text: String(pins) }), ' ',
                       h('span', { class: 'pad-label', text: label })));
    }
    if (state.phase === 'play') {
        buttons.push(h('button', { type: 'button', class: 'pad-button foul', data: { foul: 'true' }, disabled,
                                   'aria-label': 'F foul: the roll counts 0', on: { click: () => onReport({ foul: true }) } },
                       h('span', { class: 'pad-number', text: 'F' }), ' ', h('span', { class: 'pad-label', text: 'foul' })));
    }
    const who = state.you === n.side ? 'your side' : sideName(state, n.side);
    return h('div', { id: 'report-pad', class: 'report-pad card-panel', data: { side: n.side } },
             h('p', { class: 'pad-title' }, 'Pins knocked down by ', h('strong', { text: who }),
               state.phase === 'rolloff' ? ' (roll-off: 0 rolls again)' : ''),
             h('div', { class: 'pad-grid' }, ...buttons));
}

/** The roll-off: every report in order, then the order of play once settled. */
export function rolloffPanel(state) {
    const r = state.rolloff;
    if (state.sides.length === 1) return null;
    const items = r.reports.map((rep, i) => h('li', { data: { side: rep.side } },
        `${sideName(state, rep.side)}: ${rep.pins}${rep.pins === 0 ? ' (rolls again)' : ''}`,
        i === r.reports.length - 1 && state.phase === 'rolloff' ? h('span', { class: 'muted', text: ' \u2190 last' }) : null));
    return h('details', { class: 'card-panel rolloff', id: 'rolloff', open: state.phase === 'rolloff' },
             h('summary', {}, state.phase === 'rolloff' ? 'Roll-off in progress' : 'Roll-off'),
             h('p', { class: 'muted', text: 'Each side rolls once; the fewest pins (at least one) plays first. ' +
                 'A 0 rolls again; sides tied roll again among themselves.' }),
             items.length > 0 ? h('ol', { class: 'rolloff-list' }, ...items) : h('p', { text: 'No roll yet.' }),
             r.order ? h('p', { id: 'lane-order', class: 'strong' }, 'Order of play: ',
                         r.order.map((s, i) => `${i + 1}. ${sideName(state, s)}`).join(', ')) : null);
}
