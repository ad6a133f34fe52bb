// "3rd of your 7 friends": where the player's daily stands on the Friends board (you and the
// players you follow), for the daily's result card and the daily page. Read from a
// friends-scope board centred on the player (its `me` and `total`); nothing is shown when no
// one the player follows is on it, when the board cannot be read, or when the server answers
// a board without scopes.

import { h } from '../dom.js';
import { boardHash } from '../router.js';
import { friendsStandingText } from './friend_text.js';

/** {rank, total} on the day's Friends board, or null. */
export async function friendsStanding(client, date) {
    try {
        const page = await client.request('leaderboard', { board: 'daily', date, scope: 'friends', around: true, limit: 1 });
        if (page.scope !== 'friends' || !page.me || !(page.total > 1)) return null;
        return { rank: page.me.rank, total: page.total };
    } catch {
        return null;
    }
}

/** The line, a link to that Friends board. */
export function friendsStandingLine(info, date, id) {
    return h('p', { id, class: 'friends-standing', data: { rank: info.rank, total: info.total } },
             h('a', { href: boardHash('daily', { date, scope: 'friends' }), text: friendsStandingText(info) }));
}
