// Playing a solitaire game in the page by clicking only what it highlights (hints on).

import assert from 'node:assert/strict';

import { highlightedPins, waitIdle } from './ui.js';

/**
 * One turn: try the highlighted piles in order; on the first whose legal groups show, click the
 * pins of the largest highlighted group and knock down. With nothing highlighted, stop the ball.
 */
export async function playTurn(page) {
    const piles = await page.$$eval('.pile.hint', (els) => els.map((el) => Number(el.dataset.pile)));
    for (const pile of piles) {
        await page.click(`.pile[data-pile="${pile}"]`);
        const groups = await page.$$eval('#hint-groups .chip',
            (els) => els.map((el) => el.dataset.group.split(',').map(Number)));
        if (groups.length === 0) {
            await page.click(`.pile[data-pile="${pile}"]`);
            continue;
        }
        const group = groups.reduce((best, g) => (g.length > best.length ? g : best));
        const lit = await highlightedPins(page);
        for (const pin of group) assert.ok(lit.includes(pin), `pin ${pin} of ${group} is highlighted`);
        for (const pin of group) await page.click(`.pin[data-pin="${pin}"]`);
        await page.click('#knock');
        await waitIdle(page);
        return 'play';
    }
    await page.click('#stop');
    await waitIdle(page);
    return 'stop';
}

/** Plays the game on screen to its end; returns the number of actions clicked. */
export async function playToEnd(page, { onTurn = null } = {}) {
    if (!(await page.isChecked('#hints'))) await page.click('#hints');
    let actions = 0;
    for (let turn = 0; turn < 400; turn++) {
        if (await page.evaluate(() => document.body.dataset.over === 'true')) break;
        assert.equal(await page.isHidden('#message'), true, 'no error is shown during play');
        await playTurn(page);
        actions++;
        if (onTurn) await onTurn(actions);
    }
    assert.equal(await page.evaluate(() => document.body.dataset.over), 'true', 'the game ended');
    return actions;
}
