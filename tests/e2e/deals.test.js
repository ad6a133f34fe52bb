// The browser's own deal algorithm and play rules (web/js/solitaire/) against the reference
// vectors: 600 deals of tests/vectors/deals.txt, the worked examples of docs/rules.md ("Deals"),
// rejection sampling with a stub word source, and every legal first play of
// tests/vectors/first-plays.txt.
// Pure node: no server, no browser.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { commitmentOf, dealFromSeed, dealText, shuffle } from '../../web/js/solitaire/deal.js';
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
