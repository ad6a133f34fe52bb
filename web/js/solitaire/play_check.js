// Why a pick is not a legal play, judged in the browser from what the player sees (docs/rules.md
// "Knocking pins down" and its error codes, checked in the same order), and any such reason in
// plain words. checkPlay returns the server's `detail` shape (docs/protocol.md "Illegal
// plays"), so one sentence function serves the page's own judgement and the server's refusal:
// the two cannot word the same rule differently.

import { cardLabel } from '../cards.js';
import { cardValue } from './deal.js';
import { ADJACENT, isConnected, isStrict } from './rules.js';

const BACK_ROW = [7, 8, 9, 10];
const joinPins = (pins) => pins.join('-');
const pinWord = (pins) => `pin${pins.length === 1 ? '' : 's'} ${joinPins(pins)}`;
const ascending = (pins) => [...pins].sort((a, b) => a - b);

/**
 * state: the play screen's state (pins: 10 card names or null; piles[].up; ruleset; over);
 * pile: 1-3; pins: the picked pins. Returns null for a legal play, else {code, rule, pile, card,
 * pins, ...} with the members docs/protocol.md gives each rule.
 */
export function checkPlay(state, pile, pins) {
    const card = pile >= 1 && pile <= 3 ? state.piles[pile - 1].up : null;
    const base = { pile, card, pins: [...pins] };
    const fail = (code, rule, more = {}) => ({ code, rule, ...base, ...more });
    if (state.over) return fail('game_over', 'game_over', { card: null });
    if (!(pile >= 1 && pile <= 3)) return fail('bad_pile', 'pile');
    if (!card) return fail('empty_pile', 'pile');
    if (pins.length === 0) return fail('no_pins', 'pin_list', { refused: [] });
    if (pins.length > 3) return fail('too_many_pins', 'pin_list', { refused: [] });
    const bad = pins.filter((p) => !(Number.isInteger(p) && p >= 1 && p <= 10));
    if (bad.length > 0) return fail('bad_pin', 'pin_list', { refused: bad });
    const twice = pins.filter((p, i) => pins.indexOf(p) !== i);
    if (twice.length > 0) return fail('duplicate_pin', 'pin_list', { refused: [...new Set(twice)] });
    const down = pins.filter((p) => state.pins[p - 1] === null);
    if (down.length > 0) return fail('pin_not_standing', 'standing', { down });
    const sorted = ascending(pins);
    const shapeOk = state.ruleset === 'strict' ? isStrict(sorted) : isConnected(sorted);
    if (!shapeOk) {
        const apart = [];
        sorted.forEach((a, i) => sorted.slice(i + 1).forEach((b) => {
            if (!ADJACENT[a].includes(b)) apart.push([a, b]);
        }));
        return fail(state.ruleset === 'strict' ? 'not_adjacent' : 'not_connected', 'shape', { apart });
    }
    const cards = pins.map((p) => state.pins[p - 1]);
    const sum = cards.reduce((s, c) => s + cardValue(c), 0);
    const value = cardValue(card);
    if (sum % 10 !== value) return fail('sum_mismatch', 'sum', { cards, sum, digit: sum % 10, value });
    // The first play of a rack is the one made while every pin still stands.
    if (state.pins.every((c) => c !== null)) {
        const back = sorted.filter((p) => BACK_ROW.includes(p));
        if (back.length > 0) return fail('back_row_on_first_play', 'first_play', { refused: back });
        if (pins.includes(5) && !pins.includes(2) && !pins.includes(3)) {
            return fail('centre_pin_on_first_play', 'first_play', { refused: [5] });
        }
        return null;
    }
    const cleared = [];
    for (let p = 1; p <= 10; p++) if (state.pins[p - 1] === null) cleared.push(p);
    const near = (p) => ADJACENT[p].some((q) => state.pins[q - 1] === null);
    if (pins.some(near)) return null;
    const next = [];
    for (let p = 1; p <= 10; p++) if (state.pins[p - 1] !== null && near(p)) next.push(p);
    return fail('must_touch_cleared', 'touch_cleared', { cleared, next_to_cleared: next });
}

/** A `detail` (the server's or checkPlay's) as one plain sentence naming the pins and cards. */
export function detailText(d) {
    const ball = d.card ? `The ${cardLabel(d.card)} (pile ${d.pile})` : `Pile ${d.pile}`;
    switch (d.rule) {
    case 'game_over': return 'The game is over.';
    case 'pile':
        return d.pile >= 1 && d.pile <= 3 ? `Pile ${d.pile} is empty: choose another pile.`
            : 'There are three piles: choose pile 1, 2 or 3.';
    case 'pin_list':
        if (d.pins.length === 0) return 'Pick at least one pin.';
        if (d.refused.length === 0) {
            return `A play knocks down one to three pins; ${d.pins.length} are picked (${joinPins(d.pins)}).`;
        }
        return d.code === 'duplicate_pin' ? `Each pin may be named once: ${d.refused.join(', ')} named twice.`
            : `There is no pin ${d.refused.join(' or ')}: pins are numbered 1 to 10.`;
    case 'standing':
        return `Pin${d.down.length === 1 ? ` ${d.down[0]} is` : `s ${joinPins(d.down)} are`} already down.`;
    case 'shape': {
        const pairs = d.apart.map(([a, b]) => `${a} and ${b}`).join(', ');
        return d.code === 'not_adjacent'
            ? `Strict rules: every two pins of a group must touch, and ${pairs} do not.`
            : `Pins ${joinPins(ascending(d.pins))} are not one connected group: ${pairs} do not touch.`;
    }
    case 'sum': {
        if (d.pins.length === 1) {
            return `${ball} takes a single pin of its own rank; pin ${d.pins[0]} is the ${cardLabel(d.cards[0])}.`;
        }
        return `${ball} needs pins whose sum ends in ${d.value}; ${pinWord(d.pins)} ` +
            `(${d.cards.map(cardLabel).join(' + ')}) add up to ${d.sum}, which ends in ${d.digit}.`;
    }
    case 'first_play':
        return d.code === 'centre_pin_on_first_play'
            ? 'On the first play of a rack, pin 5 may fall only together with pin 2 or pin 3.'
            : `The first play of a rack may not touch the back row (7-10): ${pinWord(d.refused)} ` +
              `${d.refused.length === 1 ? 'is' : 'are'} in it.`;
    case 'touch_cleared':
        return `After the first play, a play must take a pin next to a cleared spot ` +
            `(cleared: ${d.cleared.join(', ')}); ${pinWord(d.pins)} ${d.pins.length === 1 ? 'is' : 'are'} not. ` +
            `Pins next to one: ${d.next_to_cleared.join(', ') || 'none'}.`;
    default:
        return '';
    }
}
