// The end of a game: the final score, the share line in bowling notation, and what the server
// revealed (seed, record, every deal) so the player can check the deals came from the seed. A
// ranked daily game reveals nothing yet: the panel says when it will, and links the leaderboard.

import { shareLine } from './sheet_view.js';

export class GameOverView {
    /** el holds the panel; onNewGame(mode) is called by its "New game" button. */
    constructor(el, { onNewGame }) {
        this.mode = 'practice';
        this.el = el;
        this.score = el.querySelector('#final-score');
        this.verdict = el.querySelector('#final-verdict');
        this.share = el.querySelector('#share-line');
        this.copy = el.querySelector('#copy-share');
        this.seed = el.querySelector('#reveal-seed');
        this.record = el.querySelector('#reveal-record');
        this.deals = el.querySelector('#reveal-deals');
        this.revealBox = el.querySelector('#reveal-box');
        this.rankedNote = el.querySelector('#ranked-note');
        this.board = el.querySelector('#over-board');
        this.replay = el.querySelector('#over-replay');
        this.newGame = el.querySelector('#new-game');
        this.newGame.addEventListener('click', () => onNewGame(this.mode));
        this.copy.addEventListener('click', () => this.#copyShare());
    }

    hide() {
        this.el.hidden = true;
    }

    /** Shows the panel for a finished game state; date is the share line's YYYY-MM-DD. */
    show(state, date) {
        this.el.hidden = false;
        const score = state.sheet.score;
        this.score.textContent = String(score);
        this.score.dataset.score = String(score);
        this.verdict.textContent = verdict(state);
        this.share.textContent = shareLine(state.sheet, state.ruleset, date, state.resigned);
        this.copy.textContent = 'Copy';
        this.mode = state.mode ?? 'practice';
        const ranked = this.mode !== 'practice';
        this.revealBox.hidden = ranked;
        this.rankedNote.hidden = !ranked;
        const league = this.mode === 'league';
        this.rankedNote.textContent = league
            ? 'A league game: its seed and record are made public when the round closes. Until then only ' +
              'your score counts in the standings.'
            : ranked ? `A ranked ${this.mode} game: its seed and record are revealed with the day, an hour ` +
              'after the day ends (UTC). Until then only your score is public.' : '';
        this.board.hidden = !ranked || league;
        this.board.href = `#/leaders/daily/${date}`;
        this.replay.hidden = ranked;  // a practice game's record is public once it is over
        this.replay.href = `#/game/${state.id}`;
        this.newGame.textContent = league ? 'Back to the league' : ranked ? 'Back to the daily challenge' : 'New game';
        const reveal = state.reveal;
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

    async #copyShare() {
        try {
            await navigator.clipboard.writeText(this.share.textContent);
            this.copy.textContent = 'Copied';
        } catch {
            // No clipboard permission: select the text so the player can copy it by hand.
            const range = document.createRange();
            range.selectNodeContents(this.share);
            const sel = window.getSelection();
            sel.removeAllRanges();
            sel.addRange(range);
            this.copy.textContent = 'Selected: copy it';
        }
    }
}

function verdict(state) {
    const score = state.sheet.score;
    if (state.resigned) return 'Resigned: frames not bowled score 0.';
    if (score === 300) return 'A perfect game!';
    const strikes = state.sheet.frames.reduce((n, f) => n + [...f.marks].filter((m) => m === 'X').length, 0);
    const spares = state.sheet.frames.reduce((n, f) => n + [...f.marks].filter((m) => m === '/').length, 0);
    return `${strikes} strike${strikes === 1 ? '' : 's'}, ${spares} spare${spares === 1 ? '' : 's'}.`;
}
