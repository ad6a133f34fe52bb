// Yesterday's daily on today's daily page, the morning after (issue 17's daily loop): the
// player's score and final rank on yesterday's board, its par once revealed, and "Verify
// yesterday's deal" (the replay page, which re-derives the deals from the revealed seed).

import { formatDay, h, shiftDay } from './dom.js';

/**
 * The recap panel for a logged-in player who finished yesterday's daily, or null (a guest, no
 * attempt yesterday, or the board could not be read: the page is complete without it).
 * daily: today's `daily` message (its `revealed` is yesterday's once revealed).
 */
export async function yesterdayRecap(client, daily) {
    const day = shiftDay(daily.date, -1);
    let page;
    try {
        page = await client.request('leaderboard', { board: 'daily', date: day, around: true, limit: 1 });
    } catch {
        return null;
    }
    const me = page.me;
    if (!me) return null;
    const revealed = daily.revealed?.date === day ? daily.revealed : null;
    const par = revealed?.par ?? null;
    const parText = par ? `, par ${par} (${((100 * me.score) / par).toFixed(1)}% of par)` : '';
    return h('div', { id: 'daily-recap', class: 'card-panel daily-recap', data: { rank: me.rank, score: me.score } },
             h('h3', { text: 'Yesterday' }),
             h('p', { id: 'daily-recap-line' }, `${formatDay(day)}: you scored `, h('strong', { text: String(me.score) }),
               `, final rank ${me.rank} of ${page.total}${parText}.`),
             h('div', { class: 'buttons' },
               revealed && me.game ? h('a', { class: 'button-link', id: 'daily-recap-verify', href: `#/game/${me.game}`,
                                               text: 'Verify yesterday\u2019s deal' }) : null,
               h('a', { class: 'button-link', href: `#/leaders/daily/${day}`, text: 'Yesterday\u2019s board' })));
}
