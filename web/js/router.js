// Screens and addresses: which screen is shown (body[data-screen], one <section> each), the
// address of each (#/daily, #/profile/7, #/lane/K7QX2M, ...), the active link of the top bar,
// the page's title, and where the page's one error line sits.

const SCREENS = ['start', 'play', 'account', 'daily', 'leaders', 'profile', 'replay', 'lanes',
                 'lane', 'leagues', 'league', 'arenas', 'arena', 'moderation', 'friends', 'inbox', 'settings', 'offline'];

// Each screen's own page title (a browser tab, history and screen readers name the page by it);
// a view may make it more precise with setTitle().
const TITLES = {
    loading: 'Pinfall: Bowling Solitaire', start: 'Pinfall: Bowling Solitaire', play: 'Game', account: 'Account',
    daily: 'Daily challenge', leaders: 'Leaderboards', profile: 'Profile', replay: 'Replay', lanes: 'Lanes',
    lane: 'Lane', leagues: 'Leagues', league: 'League', arenas: 'Arenas', arena: 'Arena', moderation: 'Moderation',
    friends: 'Friends', inbox: 'Inbox', settings: 'Settings', offline: 'Server unreachable',
};

const PRODUCT = 'Pinfall: Bowling Solitaire';

/** "Leaderboards · Pinfall"; the start page keeps the product's name alone. */
export function setTitle(text) {
    document.title = text === PRODUCT ? text : `${text} \u00b7 Pinfall`;
}

/** The scopes a board may be asked for (docs/protocol.md "Scoped boards"). */
const SCOPE = /^(global|friends|league:\d+)$/;

/**
 * A board's address: '#/leaders/daily/2026-11-29/around?scope=friends' (the scope only when it
 * is not the global board).
 */
export function boardHash(board, { date = null, around = false, scope = 'global' } = {}) {
    const path = [board, board === 'daily' ? date : null, board === 'daily' && date && around ? 'around' : null]
        .filter(Boolean).join('/');
    return `#/leaders/${path}${scope && scope !== 'global' ? `?scope=${scope}` : ''}`;
}

/**
 * '#/leaders/daily/2026-11-29' -> {screen: 'leaders', params: {board: 'daily', date: ...}};
 * a board's '?scope=friends' (or league:<id>) is its params.scope.
 */
export function parseHash(hash) {
    const [path, query = ''] = hash.split('?');
    const parts = path.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
    const [head, a, b, c] = parts;
    const scope = new URLSearchParams(query).get('scope');
    switch (head) {
    case undefined: case 'practice': return { screen: 'start', params: {} };
    case 'play': return { screen: 'play', params: {} };
    case 'account': return { screen: 'account', params: {} };
    case 'daily': return { screen: 'daily', params: {} };
    case 'leaders':
        return { screen: 'leaders',
                 params: { board: a ?? 'daily', date: b ?? null, around: c === 'around',
                           scope: scope && SCOPE.test(scope) ? scope : 'global' } };
    case 'profile': return { screen: 'profile', params: { player: a ? Number(a) : null } };
    case 'game': return { screen: 'replay', params: { game: Number(a) } };
    case 'lanes': return { screen: 'lanes', params: { code: a ?? '' } };
    case 'lane': return { screen: 'lane', params: { code: (a ?? '').toUpperCase() } };
    // An invite link: #/leagues/join/K7QX2MAB opens the join form with the code filled in.
    case 'leagues': return { screen: 'leagues', params: { code: a === 'join' ? (b ?? '').toUpperCase() : '' } };
    case 'league': return { screen: 'league', params: { league: Number(a) } };
    case 'arenas': return { screen: 'arenas', params: {} };
    case 'arena': return { screen: 'arena', params: { arena: Number(a) } };
    // The moderators' queue, and one case: #/moderation/case/812 (a case is its game's id).
    case 'moderation': return { screen: 'moderation', params: { game: a === 'case' && /^\d+$/.test(b ?? '') ? Number(b) : null } };
    // A friend invite link: #/friends/add/TOKEN follows the token's owner.
    case 'friends': return { screen: 'friends', params: { invite: a === 'add' && b ? b : null } };
    case 'inbox': return { screen: 'inbox', params: {} };
    case 'settings': return { screen: 'settings', params: {} };
    default: return { screen: 'start', params: {} };
    }
}

/**
 * Shows one screen and hides the others; the error line moves to the top of the shown one.
 * `nav` names the top bar's link to mark when it is not the screen's own (a daily game).
 */
export function showScreen(name, nav = null) {
    document.body.dataset.screen = name;
    const message = document.getElementById('message');
    if (name === 'play') document.getElementById('feedback').prepend(message);
    else if (name !== 'loading') document.getElementById(`${name}-screen`).prepend(message);
    for (const s of SCREENS) document.getElementById(`${s}-screen`).hidden = s !== name;
    setTitle(TITLES[name] ?? 'Pinfall');
    // A replay may be anyone's game, so it marks no link (it used to mark "Profile").
    const active = nav ?? { play: 'start', replay: 'none', lane: 'lanes', league: 'leagues', arena: 'arenas' }[name] ?? name;
    for (const link of document.querySelectorAll('[data-nav]')) {
        if (link.dataset.nav === active) link.setAttribute('aria-current', 'page');
        else link.removeAttribute('aria-current');
    }
}

/** Sets the address without a hashchange event (the screen is already being shown); the back
 * button still returns to the previous address. */
export function setAddress(hash) {
    if (location.hash !== hash) history.pushState(null, '', hash);
    document.body.dataset.routed = hash;
}
