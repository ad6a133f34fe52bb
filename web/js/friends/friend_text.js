// Friends and the inbox in words (docs/protocol.md "Friends and the inbox"): each error code of
// the section, a relation, an ordinal ("3rd"), and each kind of notice as a sentence with its
// links (a player's profile, a league, an arena, a game). Pure functions of the messages, so
// node can check them too (the notices' words are the ones the e2e test expects).

import { formatWhen } from '../dom.js';

// The documented limit of follows (docs/rules.md "Friends"); the `friends` reply says it too.
export const FOLLOW_LIMIT = 500;

/** The section's error codes in words, where the server's own message names no way out. */
export const FRIEND_WORDS = {
    yourself: 'You cannot follow or block yourself (that invite link is your own).',
    blocked: 'That follow cannot be made: one of you has blocked the other.',
    follow_limit: `You already follow ${FOLLOW_LIMIT} players, the most there may be: unfollow someone first.`,
    unknown_player: 'No player has that name.',
    bad_invite: 'That invite link does not work: it was mistyped, or its owner has made a new one since. ' +
        'Ask them for their current link.',
    over_budget: 'Too many follows, unfollows and blocks in a short time: wait a few minutes, then try again.',
    unknown_notice: 'That notice is no longer in your inbox (notices are kept for 30 days).',
    bad_cursor: 'The older notices could not be read from there: reload the inbox and try again.',
    login_required: 'Friends and the inbox need an account or a played daily: register or log in, ' +
        'or play today\'s daily as a guest.',
    unknown_league: 'No league has that number, so it has no club board.',
    not_member: 'A league\'s club board is for its members, and you are not one of them.',
};

/**
 * The words for a refusal of this section. The server's message is added when it says more
 * (over_budget: in how many seconds to try again). Other codes: the general words
 * (messages.js), so null here.
 */
export function friendWords(err) {
    const words = FRIEND_WORDS[err?.code];
    if (!words) return null;
    if (err.code === 'over_budget' && err.message) return `${words} (${err.message.replace(/\.$/, '')}.)`;
    return words;
}

/** 1 -> "1st", 2 -> "2nd", 13 -> "13th", 22 -> "22nd". */
export function ordinal(n) {
    const tens = n % 100;
    if (tens >= 11 && tens <= 13) return `${n}th`;
    return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** "3rd of your 7 friends" (a friends-scope board: the player's rank and its total). */
export function friendsStandingText({ rank, total }) {
    return `${ordinal(rank)} of your ${total} friends`;
}

/** A relation (from `relation` or `profile.relation`) in one sentence about `name`. */
export function relationText(rel, name) {
    if (!rel) return '';
    if (rel.blocked) return `You block ${name}: neither of you can follow the other, and nothing of theirs reaches your inbox.`;
    if (rel.friend) return `You and ${name} follow each other: you are friends.`;
    if (rel.following) return `You follow ${name}.`;
    if (rel.follower) return `${name} follows you.`;
    return `You do not follow ${name}.`;
}

const REVIEW_STATUS = {
    review: 'went under review: it is off the boards until a moderator decides',
    cleared: 'was cleared: it is back on the boards',
    disqualified: 'was disqualified: it stays off the boards',
};

/** "your daily of 2026-12-03", "your league game", "your arena game". */
function resultName(n) {
    if (n.mode === 'daily') return n.day ? `Your daily result of ${n.day}` : 'Your daily result';
    if (n.mode === 'league') return 'Your league game\u2019s result';
    if (n.mode === 'arena') return 'Your arena game\u2019s result';
    return 'Your result';
}

/** A league round's scores by game in words: "148, not played, 162". */
function scoresText(scores) {
    return (scores ?? []).map((s) => (s === null || s === undefined ? 'not played' : String(s))).join(', ');
}

/**
 * A notice as parts of a sentence: strings, and links {text, href} (a player's profile, a
 * league, an arena, a game). Each kind of docs/protocol.md's table; an unknown kind says so.
 */
export function noticeParts(n) {
    const who = n.player ? { text: n.player.name, href: `#/profile/${n.player.id}` } : 'Someone';
    const league = n.league ? { text: n.league.name, href: `#/league/${n.league.id}` } : 'your league';
    const arena = n.arena ? { text: n.arena.name, href: `#/arena/${n.arena.id}` } : 'an arena';
    switch (n.kind) {
    case 'followed':
        return [who, ' followed you.'];
    case 'friend_passed':
        return [who, ` passed your score on ${n.day}: ${n.score} to your ${n.your_score}.`];
    case 'round_opened':
        return [`Round ${n.round} of `, league, ` opened; it closes on ${formatWhen(n.closes_at, { utc: true })}.`];
    case 'round_closing':
        return [`Round ${n.round} of `, league, ` closes within 24 hours: on ${formatWhen(n.closes_at, { utc: true })}.`];
    case 'round_closed': {
        const scores = scoresText(n.scores);
        return [`Round ${n.round} of `, league, ` closed.${scores ? ` Your games: ${scores}.` : ''}`];
    }
    case 'arena_starting':
        return ['The arena ', arena, ` you joined starts soon: ${formatWhen(n.starts_at)}.`];
    case 'review':
        return [`${resultName(n)} (`, { text: `game ${n.game}`, href: `#/game/${n.game}` },
                `) ${REVIEW_STATUS[n.status] ?? `is now "${n.status}"`}.`];
    default:
        return [`A notice of a kind this page does not know yet (${n.kind}).`];
    }
}

/** The notice as plain text (what a screen reader and the tests read). */
export function noticeText(n) {
    return noticeParts(n).map((p) => (typeof p === 'string' ? p : p.text)).join('');
}
