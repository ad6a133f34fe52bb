// One arena's page (#/arena/<id>): its settings and a countdown to its start or end, Join and
// Leave, "Play next game" (or "Resume game N") with the Berserk toggle when it has a clock, the
// live standings (the top ten and the player's own line pinned), the player's games with their
// points, and once it has ended the podium and each game's verification. Asking for the arena
// subscribes this connection to its pushes (docs/protocol.md "Arenas"): `arena_standings`
// redraws the standings in place (no reload), `arena_points`, `arena_started` and
// `arena_ended` read the arena again. "Watch the leader", and "Watch" on each line with a game
// in play, show that game live below the actions (arena_watch.js).

import { busy, fillScreen, formatWhen, h, plural } from '../dom.js';
import { setTitle } from '../router.js';
import { countdownEl, tickCountdowns } from './arena_home.js';
import { gamesTable, podium, pointsLegend, ranksOf, standingsTable } from './arena_tables.js';
import { berserkWanted, setBerserk, settingsText, STATUS_TEXT } from './arena_text.js';
import { ArenaWatch } from './arena_watch.js';

const TOP = 10;  // the pushes carry the top ten, so the page shows as many

/** Plain words for the refusals of arena_join, arena_leave and arena_play on this page. */
const REFUSED = {
    not_member: 'This arena is for the members of its league.',
    login_required: 'Register, or play today\'s daily as a guest, to enter arenas.',
    arena_over: 'This arena has ended.',
    arena_not_live: 'Games start only while the arena is live.',
    not_in_arena: 'Join the arena first.',
};

export class ArenaView {
    /**
     * openSnapshot(snap): shows an arena game on the play screen; openGame(id): resumes one by
     * its id; now(): the server's clock in ms.
     */
    constructor(el, client, messages, { now, openSnapshot, openGame }) {
        this.el = el;
        this.client = client;
        this.messages = messages;
        this.now = now;
        this.openSnapshot = openSnapshot;
        this.openGame = openGame;
        this.detail = null;
        this.before = new Map();  // ranks shown before the last draw (move marks)
        this.timer = null;
        this.drawn = 0;
        this.watch = new ArenaWatch(client, messages);
    }

    get arenaId() {
        return this.detail?.arena.id ?? null;
    }

    async show({ arena: id }) {
        if (!Number.isInteger(id) || id < 1) {
            fillScreen(this.el, h('h2', { text: 'No such arena' }), h('p', {}, h('a', { href: '#/arenas', text: 'All arenas' })));
            return;
        }
        if (this.arenaId !== id) {
            this.watch.stop();
            this.detail = null;
            this.before = new Map();
            fillScreen(this.el, h('p', { class: 'muted', text: 'Loading the arena\u2026' }));
        }
        try {
            this.#draw(await busy(() => this.client.request('arena', { arena: id, limit: TOP })));
        } catch (err) {
            fillScreen(this.el, h('h2', { text: 'Arena not shown' }), h('p', {}, h('a', { href: '#/arenas', text: 'All arenas' })));
            this.messages.error(err);
        }
    }

    /** After a reconnect: asking again subscribes the new connection. */
    async rewatch() {
        if (this.arenaId !== null) await this.show({ arena: this.arenaId });
    }

    /** A push about an arena: standings redraw in place; the rest reads the arena again. */
    apply(msg) {
        if (document.body.dataset.screen !== 'arena' || msg.arena === undefined) return;
        const id = typeof msg.arena === 'object' ? msg.arena.id : msg.arena;
        if (id !== this.arenaId) return;
        if (msg.type === 'arena_standings') {
            this.detail.standings = msg.top;
            this.detail.me = msg.me;
            this.detail.total = msg.total;
            this.detail.arena.players = msg.total;
            const at = new Date(this.now()).toLocaleTimeString('en-GB');
            this.#drawStandings(`Standings updated at ${at}.`);
        } else {
            const said = { arena_points: 'Your game was scored.', arena_started: 'The arena has started.',
                           arena_ended: 'The arena has ended.' }[msg.type];
            this.#reload(said);
        }
    }

    /** Reads the arena again; said: what the live line says (default: a start or end seen, else as it was). */
    async #reload(said = null) {
        const was = this.detail?.arena.status;
        try {
            const detail = await busy(() => this.client.request('arena', { arena: this.arenaId, limit: TOP }));
            const now = detail.arena.status;
            // A reload that saw no change keeps what the line said (two may cross at the end).
            const seen = was === now ? this.live?.textContent ?? ''
                : { live: 'The arena has started.', finished: 'The arena has ended.' }[now] ?? '';
            this.#draw(detail, said ?? seen);
        } catch (err) {
            this.messages.error(err);
        }
    }

    #draw(detail, said = '') {
        clearInterval(this.timer);
        this.detail = detail;
        this.drawn++;
        const a = detail.arena;
        setTitle(a.name);
        const ended = a.status === 'finished';
        this.live = h('p', { id: 'arena-live', class: 'muted live', role: 'status', 'aria-live': 'polite', text: said });
        this.standingsBox = h('div', { id: 'arena-standings-box' });
        if (ended) this.watch.stop();
        this.leaderButton = ended ? null : h('button', { type: 'button', class: 'small', id: 'arena-watch-leader',
                                                         text: 'Watch the leader', on: { click: () => this.#watchLeader() } });
        fillScreen(this.el,
                   this.#head(a),
                   this.#actions(detail),
                   this.live,
                   this.watch.el,
                   ended ? podium(detail.standings) : null,
                   h('div', { class: 'card-panel', id: 'arena-standings-panel' },
                     h('div', { class: 'panel-head' }, h('h3', { id: 'arena-standings-title' }),
                       h('span', { id: 'arena-me', class: 'me-summary' }), this.leaderButton),
                     this.standingsBox, pointsLegend()),
                   detail.me || detail.games.length ? h('div', { class: 'card-panel', id: 'arena-games-panel' },
                     h('h3', { text: 'Your games' }),
                     gamesTable(a.id, detail.games, { ended, resume: (game) => this.#resume(game) })) : null,
                   h('p', {}, h('a', { href: '#/arenas', text: 'All arenas' })));
        this.#drawStandings(said);
        if (!ended) {
            this.timer = tickCountdowns(this.el, this.now, () => {
                if (document.body.dataset.screen === 'arena' && this.arenaId === a.id) this.#reload();
            });
        }
    }

    #drawStandings(said) {
        const d = this.detail;
        this.standingsBox.replaceChildren(standingsTable(d.standings, d.me, this.before,
                                                         (game, who) => this.watch.watch(game, who)));
        if (this.leaderButton) {
            // The leader's game in play, when the leader is someone else and playing.
            const leader = d.standings[0];
            const watchable = Boolean(leader?.playing) && leader.player.id !== d.me?.player.id;
            this.leaderButton.disabled = !watchable;
            this.leaderButton.title = watchable ? `Watch ${leader.player.name}'s game` : 'The leader has no game in play';
        }
        this.before = ranksOf(d.standings, d.me);
        this.el.querySelector('#arena-standings-title').textContent =
            `${d.arena.status === 'finished' ? 'Final standings' : 'Standings'} (${plural(d.total, 'player')})`;
        this.el.querySelector('#arena-me').textContent = d.me
            ? `You: ${d.me.rank} of ${d.total}, ${plural(d.me.points, 'point')}` : '';
        this.el.querySelector('#arena-players')?.replaceChildren(plural(d.total, 'player'));
        if (this.live) this.live.textContent = said;
    }

    #head(a) {
        const now = this.now();
        const who = a.created_by ? `created by ${a.created_by.name}` : 'scheduled by the server';
        return h('div', { class: 'league-head arena-head' },
                 h('h2', { id: 'arena-name', text: a.name }),
                 h('span', { id: 'arena-status', class: `round-status ${a.status === 'live' ? 'open' : a.status === 'finished' ? 'closed' : 'upcoming'}`,
                             data: { status: a.status }, text: STATUS_TEXT[a.status] ?? a.status }),
                 h('p', { class: 'arena-countdown-big' }, countdownEl(a, now, { id: 'arena-countdown' }) ??
                   h('span', { id: 'arena-countdown', class: 'countdown', text: `Ended ${formatWhen(a.ends_at)}` })),
                 h('p', { class: 'muted', id: 'arena-settings' }, settingsText(a), ' \u00b7 ',
                   h('span', { id: 'arena-players', text: plural(a.players, 'player') }), ` \u00b7 ${who}`),
                 h('p', { class: 'muted', text: `${formatWhen(a.starts_at, { utc: true })} to ${formatWhen(a.ends_at, { utc: true })}` }));
    }

    #actions(d) {
        const a = d.arena;
        if (a.status === 'finished') return null;
        const playing = d.games.find((g) => g.status === 'playing') ?? null;
        const buttons = [];
        if (!d.joined) {
            buttons.push(h('button', { type: 'button', id: 'arena-join', class: 'primary big', text: 'Join',
                                       on: { click: () => this.#joinOrLeave('arena_join') } }));
        } else if (playing) {
            buttons.push(h('button', { type: 'button', id: 'arena-play', class: 'primary big', text: `Resume game ${playing.n}`,
                                       on: { click: () => this.#resume(playing.game) } }));
        } else if (a.status === 'live') {
            buttons.push(h('button', { type: 'button', id: 'arena-play', class: 'primary big',
                                       text: d.games.length ? 'Play next game' : 'Play your first game',
                                       on: { click: () => this.#play() } }));
        }
        const berserk = d.joined && a.clock_s && !playing
            ? h('label', { class: 'toggle berserk-toggle', title: 'Half the clock for the next game; 1 point more at 80% of par or more' },
                h('input', { type: 'checkbox', id: 'arena-berserk', checked: berserkWanted(),
                             on: { change: (ev) => setBerserk(ev.target.checked) } }),
                ` Berserk (${Math.floor(a.clock_s / 2)} s clock, +1 point at 80% or more)`)
            : null;
        const leave = d.joined ? h('button', { type: 'button', id: 'arena-leave', class: 'small', text: 'Leave',
                                               on: { click: () => this.#joinOrLeave('arena_leave') } }) : null;
        const note = d.joined
            ? (a.status === 'upcoming' ? 'You are in. Games start when the arena does.' : 'You are in: play as many games as you like until the end.')
            : (a.status === 'upcoming' ? 'Join now or once it has started.' : 'Join to play: games count until the end.');
        return h('div', { class: 'card-panel arena-actions', id: 'arena-actions', data: { joined: d.joined } },
                 h('p', { id: 'arena-joined', class: 'lead', text: note }),
                 h('div', { class: 'buttons' }, ...buttons, berserk, leave));
    }

    #watchLeader() {
        const leader = this.detail?.standings[0];
        if (leader?.playing) this.watch.watch(leader.playing, leader.player);
    }

    async #joinOrLeave(type) {
        this.messages.clearError();
        try {
            this.#draw(await busy(() => this.client.request(type, { arena: this.arenaId })),
                       type === 'arena_join' ? 'You joined the arena.' : 'You left the arena; your points stay.');
        } catch (err) {
            this.#refused(err);
        }
    }

    async #play() {
        this.messages.clearError();
        const fields = { arena: this.arenaId };
        if (this.detail.arena.clock_s && berserkWanted()) fields.berserk = true;
        try {
            await this.openSnapshot(await busy(() => this.client.request('arena_play', fields)));
        } catch (err) {
            // The previous game unfinished (another tab): its id is in the message.
            const game = err.code === 'game_in_progress' ? Number(/game (\d+)/.exec(err.message)?.[1]) : NaN;
            if (Number.isInteger(game) && game > 0) await this.#resume(game);
            else this.#refused(err);
        }
    }

    async #resume(game) {
        this.messages.clearError();
        await this.openGame(game);
    }

    #refused(err) {
        this.messages.error(err, REFUSED[err.code] ?? null);
    }
}
