// The two message areas of the page: errors (role=alert, the server's words, never swallowed)
// and announcements (strike, spare, open frame; role=status). A refused play's `detail` adds
// the rule it broke, with its pins and cards, in the words the pick line uses too.

import { detailText } from './solitaire/play_check.js';

/**
 * Plain words for the server's codes where its own message is terse or names no way out; any
 * other code shows the server's message as it is.
 */
const WORDS = {
    bad_name: 'That name cannot be used: a name has 3 to 24 letters, digits, spaces, _ or -.',
    name_taken: 'That name is taken by another player. Choose another one.',
    bad_token: 'That token belongs to no player (or was replaced when another device logged out ' +
        'the others). Check that it was copied whole, or log in again.',
    wrong_password: 'Wrong name or password (or that account has no password: log in with its token).',
    bad_password: 'A password has 8 to 128 characters.',
    login_required: 'Register or log in first: this needs a player account.',
    daily_finished: 'You have already finished today\'s challenge: there is one attempt a day.',
    not_revealed: 'That day is not revealed yet: its seed and games become public an hour after it ends.',
    future_date: 'That day has not begun yet.',
    unknown_lane: 'No lane has that code. Check its characters.',
    not_your_side: 'Only a member of that side or the lane\'s owner may report for it.',
    not_owner: 'Only the lane\'s owner (the scorekeeper) may undo.',
    already_joined: 'You already play on another side of this lane.',
    out_of_turn: 'It is not that side\'s turn.',
    too_many_pins_for_rack: 'More pins than are standing.',
    nothing_to_undo: 'There is nothing to undo yet.',
    game_complete: 'The game is complete.',
    unknown_league: 'No league has that number.',
    bad_invite: 'No league has that invite code. Check it with the secretary.',
    joining_closed: 'This league is not taking new members: joining is closed or the season has started.',
    already_member: 'You are already a member of this league.',
    not_secretary: 'Only the league\'s secretary may do that.',
    not_member: 'Only a member of this league (not removed) may do that.',
    season_started: 'The season has already started.',
    season_not_started: 'The season has not started yet.',
    season_ended: 'The season has ended.',
    too_few_members: 'A season needs at least two members: share the invite code first.',
    round_not_open: 'That round is not open for bowling now.',
    round_not_closed: 'That round\'s results are shown once it closes.',
    bad_round: 'The league has no such round or game.',
    forbidden: 'Only moderators may do that.',
    unknown_arena: 'No arena has that number.',
    arena_over: 'This arena has ended.',
    arena_not_live: 'Games start only while the arena is live.',
    not_in_arena: 'Join the arena first.',
    banned: 'This account is banned.',
    connection_lost: 'The connection to the server was lost; reconnecting.',
    offline: 'The server cannot be reached: nothing was sent. Try again once it is back.',
};

/**
 * The words shown for an error (a ServerError, a protocol error object or a string): a
 * sentence, so the server's terse lower-case texts ("no game with that id") start with a
 * capital and end with a full stop.
 */
export function errorText(err) {
    const text = typeof err === 'string' ? err : WORDS[err?.code] ?? err?.message ?? String(err);
    const why = err?.detail ? detailText(err.detail) : '';
    return why ? `${sentence(text)} ${why}` : sentence(text);
}

export function sentence(text) {
    const t = String(text).trim();
    if (t === '') return t;
    const capital = t.charAt(0).toUpperCase() + t.slice(1);
    return /[.!?)]$/.test(capital) ? capital : `${capital}.`;
}

export class Messages {
    constructor(errorEl, announceEl) {
        this.errorEl = errorEl;
        this.announceEl = announceEl;
    }

    /**
     * Shows an error in words; a ServerError's code is kept on the element for tests. `words`
     * replaces the text where a page knows better than the code's general words.
     */
    error(err, words = null) {
        const text = words === null ? errorText(err) : sentence(words);
        this.errorEl.textContent = text;
        this.errorEl.dataset.code = err?.code ?? '';
        this.errorEl.hidden = false;
        // Restart the shake so a repeated error is noticed too.
        this.errorEl.classList.remove('shake');
        void this.errorEl.offsetWidth;
        this.errorEl.classList.add('shake');
    }

    clearError() {
        this.errorEl.hidden = true;
        this.errorEl.textContent = '';
        this.errorEl.dataset.code = '';
    }

    /** kind: "strike", "spare", "open", "info" or "over". */
    announce(text, kind = 'info') {
        const el = this.announceEl;
        el.textContent = text;
        el.className = `announce ${kind}`;
        if (kind === 'strike' || kind === 'spare') {
            void el.offsetWidth;
            el.classList.add('pop');
        }
    }
}
