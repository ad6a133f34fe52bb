// The browser's own deal algorithm and play rules (web/js/solitaire/) against the reference
// vectors: 600 deals of tests/vectors/deals.txt, the worked examples of docs/rules.md ("Deals"),
// rejection sampling with a stub word source, and every legal first play of
// tests/vectors/first-plays.txt; the page's judgement of a pick (play_check.js) agrees with
// those plays on every 1-3 pin pick, on fresh racks and after a first play.
// Pure node: no server, no browser.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { commitmentOf, dealFromSeed, dealText, shuffle } from '../../web/js/solitaire/deal.js';
import { checkPlay, detailText } from '../../web/js/solitaire/play_check.js';
import { GROUPS, legalGroups } from '../../web/js/solitaire/rules.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const VECTORS = process.env.PINFALL_VECTORS_DIR || path.resolve(here, '../vectors');

function vectorLines(name) {
    return fs.readFileSync(path.join(VECTORS, name), 'utf8').split('\n')
        .filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

test('the deal examples of docs/rules.md', async () => {
    const zero = '0'.repeat(64);
    assert.equal(dealText(await dealFromSeed(zero, 0)),
                 '6S 7S 10H AS 4S 9H 8H 10S AH 5H | 5S 7H 2S 8S 9S / 6H 3S 4H / 3H 2H');
    assert.equal(dealText(await dealFromSeed(zero, 1)),
                 '4H 2S 3S 9H AH 5H 10S 2H 7S 6H | 3H 8H 6S 9S 10H / 7H 8S 4S / 5S AS');
    assert.equal(dealText(await dealFromSeed(zero, 11)),
                 '2H 5H 9H AS 6S 3H 10S 8S 5S 7S | 4H 8H 3S AH 6H / 2S 4S 10H / 7H 9S');
    const counting = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join('');
    assert.equal(dealText(await dealFromSeed(counting, 0)),
                 '10H 2H 3H 4S 9H 8S AS 2S 9S 7H | 7S 5H 8H 4H 10S / 6H AH 6S / 5S 3S');
});

test('600 deals of tests/vectors/deals.txt', async () => {
    const lines = vectorLines('deals.txt');
    assert.equal(lines.length, 600);
    for (const line of lines) {
        const [head, ...rest] = line.split(' | ');
        const [seed, k] = head.split(' ');
        assert.equal(dealText(await dealFromSeed(seed, Number(k))), rest.join(' | '), line);
    }
});

test('rejection sampling skips words at or above floor(2^32 / n) * n', async () => {
    // For i = 19 (n = 20) the limit is 4294967280: 4294967295 is rejected, then 3 gives j = 3.
    // Every later draw is 0, so each swap takes deck[0].
    const words = [4294967295, 3];
    const deck = await shuffle(async () => words.shift() ?? 0);
    const expected = Array.from({ length: 20 }, (_, i) => i);
    [expected[19], expected[3]] = [expected[3], expected[19]];
    for (let i = 18; i >= 1; i--) [expected[i], expected[0]] = [expected[0], expected[i]];
    assert.deepEqual(deck, expected);
});

test('the daily commitment is SHA-256 of the raw seed (the docs/rules.md vector)', async () => {
    assert.equal(await commitmentOf('f1c1988452c1b4956b9d29d3846a178333e10179fdd596f5738609b20a2350d1'),
                 'fcc8d2fa42d302627b3e29ede0b89a40b76923e2d51819b8f06d47eab54b26d6');
});

test('64 connected groups, and every legal first play of tests/vectors/first-plays.txt', async () => {
    assert.equal(GROUPS.length, 64);
    const lines = vectorLines('first-plays.txt');
    assert.ok(lines.length >= 80);
    for (const line of lines) {
        const [head, plays] = line.split(' | ');
        const [seed, ruleset] = head.split(' ');
        const deal = await dealFromSeed(seed, 0);
        const got = [];
        for (let pile = 1; pile <= 3; pile++) {
            for (const g of legalGroups(deal.piles[pile - 1][0], deal.pins, ruleset, true)) {
                got.push(`${pile}:${g.join(',')}`);
            }
        }
        const want = plays.trim() === '(none)' ? [] : plays.trim().split(' ');
        assert.deepEqual(got.sort(), want.sort(), line);
    }
});

/** Every pick of 1-3 distinct pins, ascending. */
function allPicks() {
    const out = [];
    for (let a = 1; a <= 10; a++) {
        out.push([a]);
        for (let b = a + 1; b <= 10; b++) {
            out.push([a, b]);
            for (let c = b + 1; c <= 10; c++) out.push([a, b, c]);
        }
    }
    return out;
}

test('checkPlay finds no broken rule exactly for the legal plays (first-plays.txt, then a later play)', async () => {
    const picks = allPicks();
    assert.equal(picks.length, 175);
    let later = 0;
    for (const line of vectorLines('first-plays.txt')) {
        const [head, plays] = line.split(' | ');
        const [seed, ruleset] = head.split(' ');
        const deal = await dealFromSeed(seed, 0);
        const state = { over: false, ruleset, pins: [...deal.pins], piles: deal.piles.map((p) => ({ up: p[0] })) };
        const want = new Set(plays.trim() === '(none)' ? [] : plays.trim().split(' '));
        for (let pile = 1; pile <= 3; pile++) {
            for (const pins of picks) {
                const d = checkPlay(state, pile, pins);
                assert.equal(d === null, want.has(`${pile}:${pins.join(',')}`), `${line}: ${pile}:${pins} ${d?.code}`);
                if (d) assert.ok(detailText(d).length > 10, `words for ${d.code}`);
            }
        }
        // After the first legal play (its ball card gone, the pile's next card up) the rule is
        // "touch a cleared spot": checkPlay must agree with legalGroups there too.
        const first = [...want][0];
        if (!first) continue;
        const [fp, fpins] = first.split(':');
        for (const p of fpins.split(',')) state.pins[Number(p) - 1] = null;
        state.piles[Number(fp) - 1].up = deal.piles[Number(fp) - 1][1] ?? null;
        for (let pile = 1; pile <= 3; pile++) {
            const legal = new Set(legalGroups(state.piles[pile - 1].up, state.pins, ruleset, false).map((g) => g.join(',')));
            for (const pins of picks) {
                const d = checkPlay(state, pile, pins);
                assert.equal(d === null, legal.has(pins.join(',')), `${line} after ${first}: ${pile}:${pins} ${d?.code}`);
                if (d?.code === 'must_touch_cleared') later++;
            }
        }
    }
    assert.ok(later > 100, `${later} picks refused for not touching a cleared spot`);
});

test('checkPlay gives the server\'s detail shapes of docs/protocol.md', async () => {
    const deal = await dealFromSeed('0'.repeat(64), 0);  // 6S 7S 10H AS 4S 9H 8H 10S AH 5H | 5S ...
    const state = { over: false, ruleset: 'sackson', pins: [...deal.pins], piles: deal.piles.map((p) => ({ up: p[0] })) };
    assert.deepEqual(checkPlay(state, 1, [1, 2]), { code: 'sum_mismatch', rule: 'sum', pile: 1, card: '5S', pins: [1, 2],
                                                    cards: ['6S', '7S'], sum: 13, digit: 3, value: 5 });
    assert.equal(detailText(checkPlay(state, 1, [1, 2])),
                 'The 5\u2660 (pile 1) needs pins whose sum ends in 5; pins 1-2 (6\u2660 + 7\u2660) add up to 13, which ends in 3.');
    assert.deepEqual(checkPlay(state, 1, [10, 1]).apart, [[1, 10]]);
    assert.equal(checkPlay(state, 1, [10, 1]).code, 'not_connected');
    assert.equal(checkPlay({ ...state, ruleset: 'strict' }, 1, [4, 5, 6]).code, 'not_adjacent');
    assert.deepEqual(checkPlay({ ...state, ruleset: 'strict' }, 1, [4, 5, 6]).apart, [[4, 6]]);
    assert.equal(checkPlay(state, 1, [1, 2, 3, 4]).code, 'too_many_pins');
    assert.equal(checkPlay(state, 1, []).code, 'no_pins');
    assert.equal(checkPlay(state, 3, [7, 8]).code, 'sum_mismatch', '3H against 8H + 10S = 8');
    // Made-up face-up cards to reach the later rules: pin 7 is the 8H, pin 5 the 4S.
    assert.deepEqual(checkPlay({ ...state, piles: [{ up: '8S' }, { up: null }, { up: '9S' }] }, 1, [7]),
                     { code: 'back_row_on_first_play', rule: 'first_play', pile: 1, card: '8S', pins: [7], refused: [7] });
    assert.deepEqual(checkPlay({ ...state, piles: [{ up: '4H' }, { up: null }, { up: '9S' }] }, 1, [5]).refused, [5]);
    assert.equal(checkPlay({ ...state, piles: [{ up: '4H' }, { up: null }, { up: '9S' }] }, 1, [5]).code,
                 'centre_pin_on_first_play');
    assert.equal(checkPlay({ ...state, piles: [{ up: '4H' }, { up: null }, { up: '9S' }] }, 2, [5]).code, 'empty_pile');
    // Pins 1 and 3 down: pin 1 is not standing; the 5S on pin 10 (5H) touches no cleared spot.
    const later = { ...state, pins: state.pins.map((c, i) => ([0, 2].includes(i) ? null : c)) };
    assert.deepEqual(checkPlay(later, 1, [2, 1]), { code: 'pin_not_standing', rule: 'standing', pile: 1, card: '5S',
                                                    pins: [2, 1], down: [1] });
    assert.equal(detailText(checkPlay(later, 1, [2, 1])), 'Pin 1 is already down.');
    assert.deepEqual(checkPlay(later, 1, [10]), { code: 'must_touch_cleared', rule: 'touch_cleared', pile: 1, card: '5S',
                                                  pins: [10], cleared: [1, 3], next_to_cleared: [2, 5, 6] });
});
