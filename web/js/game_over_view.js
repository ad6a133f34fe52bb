// The result card at the end of a game, on top of the play screen: what was played (daily,
// practice, league), the final score, strikes and spares (par follows from par_line.js), for
// the daily the rank and share of players at or above it ("3rd of your 7 friends" when players
// the player follows are on the day's board: friends/friends_standing.js), the streak, a
// countdown to the next daily, the share text, and behind "Verify" what the server revealed (seed, record, every
// deal) so the player can check the deals came from the seed. A ranked game reveals nothing
// yet: the card says when it will, and links the leaderboard. An arena game's card has the
// points it earned, the player's place and "Next game" (arenas/arena_result.js).

import { ArenaResult } from './arenas/arena_result.js';
import { dailyRank, dailyReply, dailyStreak, nextDailyText, streakText } from './daily_result.js';
import { standingPanel } from './day_chart.js';
import { friendsStanding, friendsStandingLine } from './friends/friends_standing.js';
import { reviewNote } from './review_note.js';
import { shareLine, topPercent } from './sheet_view.js';

const KIND = { daily: 'Daily challenge', league: 'League game', practice: 'Practice game', arena: 'Arena game',
               offline: 'Offline practice \u00b7 unranked' };
// The modes that rank nothing: the card reveals their deals at once.
const UNRANKED = ['practice', 'offline'];

export class GameOverView {
    /**
     * el holds the card; onNewGame(mode) is called by its "New game" button; now(): server ms;
     * nextArenaGame(arena, berserk): the arena card's "Next game".
     */
    constructor(el, client, { onNewGame, now = () => Date.now(), nextArenaGame = async () => {} }) {
        this.mode = 'practice';
        this.el = el;
        this.client = client;
        this.now = now;
        const q = (id) => el.querySelector(`#${id}`);
        this.kind = q('over-kind');
        this.score = q('final-score');
        this.verdict = q('final-verdict');
        this.rank = q('over-rank');
        this.streak = q('over-streak');
        this.next = q('over-next');
        this.share = q('share-line');
        this.copy = q('copy-share');
        this.seed = q('reveal-seed');
        this.record = q('reveal-record');
        this.deals = q('reveal-deals');
        this.revealBox = q('reveal-box');
        this.rankedNote = q('ranked-note');
        this.board = q('over-board');
        this.replay = q('over-replay');
        this.newGame = q('new-game');
        this.shown = null;  // the game id the card was last filled for
        this.timer = null;
        this.arena = new ArenaResult(el, this.rank, this.newGame.parentElement, client, { nextGame: nextArenaGame, now });
        this.newGame.addEventListener('click', () => onNewGame(this.mode));
        this.copy.addEventListener('click', () => this.#shareText());
        this.shareNote = document.createElement('p');
        this.shareNote.id = 'share-note';
        this.shareNote.className = 'share-note';
        this.shareNote.setAttribute('role', 'status');
        this.shareNote.hidden = true;
        this.copy.parentElement.after(this.shareNote);
    }

    hide() {
        this.el.hidden = true;
        this.arena.hide();
        this.shown = null;
        clearInterval(this.timer);
        this.timer = null;
    }

    /** Shows the card for a finished game state; date is the share line's YYYY-MM-DD. */
    show(state, date) {
        const first = this.shown !== state.id;
        this.el.hidden = false;
        this.mode = state.mode ?? 'practice';
        this.date = date;
        this.state = state;
        const score = state.sheet.score;
        const arena = this.mode === 'arena';
        this.kind.textContent = this.mode === 'daily' ? `${KIND.daily} \u00b7 ${date}`
            : arena ? `${KIND.arena} ${state.arena?.n ?? ''}`.trim() : KIND[this.mode] ?? KIND.practice;
        this.score.textContent = String(score);
        this.score.dataset.score = String(score);
        this.verdict.textContent = verdict(state);
        const ranked = !UNRANKED.includes(this.mode);
        const league = this.mode === 'league';
        this.revealBox.hidden = ranked;
        this.rankedNote.hidden = !ranked;
        this.rankedNote.textContent = league
            ? 'A league game: its seed and record are made public when the round closes. Until then only ' +
              'your score counts in the standings.'
            : arena ? 'An arena game: its seed is revealed when the arena ends; then every game of it can be verified ' +
              'from the arena\'s page.'
            : ranked ? `A ranked ${this.mode} game: its seed and record are revealed with the day, an hour ` +
              'after the day ends (UTC). Until then only your score is public.' : '';
        this.board.hidden = !ranked || league || arena;
        this.board.href = `#/leaders/daily/${date}`;
        // A practice game's record is public once it is over; an offline one was never stored.
        this.replay.hidden = ranked || this.mode === 'offline';
        this.replay.href = `#/game/${state.id}`;
        this.newGame.textContent = league ? 'Back to the league' : arena ? 'Back to the arena'
            : ranked ? 'Back to the daily challenge' : 'New game';
        this.newGame.classList.toggle('primary', !arena);  // the arena's first choice is "Next game"
        if (arena) this.arena.show(state);
        else this.arena.hide();
        this.#fillReveal(state.reveal);
        if (!first) return;
        this.shown = state.id;
        this.copy.textContent = 'Share';
        this.shareNote.hidden = true;
        this.rankInfo = null;
        this.rank.hidden = true;
        this.el.querySelector('#over-standing')?.remove();
        this.el.querySelector('#over-review')?.remove();
        this.el.querySelector('#over-friends')?.remove();
        this.streak.hidden = true;
        this.#drawShare();
        if (arena) {
            clearInterval(this.timer);
            this.next.hidden = true;  // the arena's own countdown is in its part of the card
        } else {
            this.#countdown();
        }
        if (this.mode === 'daily') {
            this.#loadRank(state);
            this.#loadStreak(state);
            this.#loadFriends(state);
        }
        // The card is the first thing to read: on a phone it may start above the fold.
        this.el.scrollIntoView?.({ block: 'nearest' });
    }

    #fillReveal(reveal) {
        this.seed.textContent = reveal?.seed ?? '(not revealed)';
        this.record.textContent = reveal?.record ?? '';
        this.deals.replaceChildren(...(reveal?.deals ?? []).map((deal, i) => {
            const li = document.createElement('li');
            const label = document.createElement('span');
            label.className = 'deal-no';
            label.textContent = `deal ${i}`;
            const code = document.createElement('code');
            code.textContent = deal;
            li.append(label, code);
            return li;
        }));
    }

    #drawShare() {
        const s = this.state;
        const link = this.mode === 'daily'
            ? `${location.origin}${location.pathname}#/leaders/daily/${this.date}` : null;
        this.share.textContent = shareLine(s.sheet, s.ruleset, this.date, s.resigned,
                                           { mode: this.mode === 'offline' ? 'offline practice' : this.mode,
                                             rank: this.rankInfo, link });
    }

    async #loadRank(state) {
        // The daily reply's `today` has the rank, the percentile and the day's distribution;
        // the board's own line is the fallback when it is missing.
        const daily = await dailyReply(this.client);
        const today = daily?.status === 'finished' ? daily.today ?? null : null;
        // The player's own result held by a moderator (or the analysis) says so on the card.
        const held = daily?.game === state.id ? reviewNote(daily.review, 'over-review') : null;
        if (held && this.shown === state.id) {
            this.el.querySelector('#over-review')?.remove();
            this.verdict.after(held);
        }
        const info = today ?? await dailyRank(this.client, state, this.date);
        if (!info || this.shown !== state.id) return;
        this.el.querySelector('#over-standing')?.remove();
        const anchor = this.el.querySelector('#over-friends') ?? this.rank;
        if (today) anchor.after(standingPanel(today, state.sheet.score, 'over-standing'));
        this.rankInfo = info;
        this.rank.textContent = `Rank ${info.rank} of ${info.total} today \u00b7 top ${topPercent(info)}%`;
        this.rank.dataset.rank = String(info.rank);
        this.rank.dataset.total = String(info.total);
        this.rank.hidden = false;
        this.#drawShare();
    }

    /** "3rd of your 7 friends" under the rank, when someone the player follows is on the day's board. */
    async #loadFriends(state) {
        const info = await friendsStanding(this.client, this.date);
        if (!info || this.shown !== state.id) return;
        this.el.querySelector('#over-friends')?.remove();
        this.rank.after(friendsStandingLine(info, this.date, 'over-friends'));  // before the day's chart
    }

    async #loadStreak(state) {
        const streak = await dailyStreak(this.client);
        if (!streak || this.shown !== state.id) return;
        this.streak.textContent = streakText(streak);
        this.streak.dataset.current = String(streak.current);
        this.streak.hidden = false;
    }

    /** The daily comes back every day at 00:00 UTC: the card counts down to it, every second. */
    #countdown() {
        clearInterval(this.timer);
        const tick = () => { this.next.textContent = nextDailyText(this.now()); };
        this.next.hidden = false;
        tick();
        this.timer = setInterval(tick, 1000);
    }

    /**
     * Share: the Web Share API where the browser has it (the share line as the text and, for a
     * daily, the game's share page /s/<game> as the link, which chat apps unfold into its card);
     * elsewhere the text and the link are copied, and the card says so.
     */
    async #shareText() {
        const text = this.share.textContent;
        const url = this.mode === 'daily' ? `${location.origin}/s/${this.state.id}` : null;
        const title = this.mode === 'daily' ? `Pinfall daily ${this.date}` : 'Pinfall';
        if (navigator.share) {
            try {
                await navigator.share(url ? { title, text, url } : { title, text });
                this.#shareSaid('Shared.');
                return;
            } catch (err) {
                // Dismissed: nothing more to do. Refused or failed: copying is the fallback below.
                if (err?.name === 'AbortError') return;
            }
        }
        const copied = url ? `${text}\n${url}` : text;
        try {
            await navigator.clipboard.writeText(copied);
            this.copy.textContent = 'Copied';
            this.#shareSaid(url ? 'The text and the link are copied: paste them in a chat.'
                : 'The text is copied: paste it in a chat.');
        } catch {
            // No clipboard permission: select the text so the player can copy it by hand.
            const range = document.createRange();
            range.selectNodeContents(this.share);
            const sel = window.getSelection();
            sel.removeAllRanges();
            sel.addRange(range);
            this.copy.textContent = 'Selected: copy it';
            if (url) this.#shareSaid(`Copy the text, and the link: ${url}`);
        }
    }

    #shareSaid(text) {
        this.shareNote.textContent = text;
        this.shareNote.dataset.url = this.mode === 'daily' ? `${location.origin}/s/${this.state.id}` : '';
        this.shareNote.hidden = false;
    }
}

function verdict(state) {
    const score = state.sheet.score;
    const count = (mark) => state.sheet.frames.reduce((n, f) => n + [...f.marks].filter((m) => m === mark).length, 0);
    const strikes = count('X');
    const spares = count('/');
    const tally = `${strikes} strike${strikes === 1 ? '' : 's'}, ${spares} spare${spares === 1 ? '' : 's'}.`;
    if (state.resigned) return `Resigned: frames not bowled score 0. ${tally}`;
    if (score === 300) return `A perfect game! ${tally}`;
    return tally;
}
