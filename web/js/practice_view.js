// The landing screen: one big "Play today's daily" and "Practice" (a random deal), the start
// form under "More options" (ruleset, seed), the list of this guest's unfinished games to
// resume, and a replay of a revealed daily challenge as unranked practice. With the server out of
// reach, Practice plays in this browser instead (offline/local_games.js: offline, unranked), and
// an unfinished offline game is offered to resume.

import { busy } from './dom.js';

export class PracticeView {
    /**
     * client: protocol Client; messages: Messages; openSnapshot(snap): shows a started game;
     * openGame(id): resumes a game by id; startDaily(): starts or resumes today's daily.
     */
    constructor(client, messages, { openSnapshot, openGame, startDaily, local, online = () => true }) {
        this.client = client;
        this.messages = messages;
        this.openSnapshot = openSnapshot;
        this.openGame = openGame;
        this.local = local;
        this.online = online;
        this.unfinished = new Set();
        const $ = (id) => document.getElementById(id);
        this.el = { form: $('start-form'), button: $('start-button'), seed: $('seed'),
                    resume: $('resume'), list: $('resume-list'), daily: $('play-daily'),
                    practice: $('practice-button') };
        this.el.daily.addEventListener('click', () => startDaily());
        // The ruleset chosen under "More options" holds for the big button too; never a seed.
        this.el.practice.addEventListener('click', () => this.start(
            { ruleset: new FormData(this.el.form).get('ruleset') ?? 'sackson' }, this.el.practice));
        this.el.form.addEventListener('submit', (ev) => {
            ev.preventDefault();
            const form = new FormData(ev.target);
            const fields = { ruleset: form.get('ruleset') };
            const seed = String(form.get('seed') ?? '').trim();
            if (seed !== '') fields.seed = seed;
            this.start(fields, this.el.button);
        });
    }

    /**
     * Starts a practice game (fields of practice_start); errors stay on the current screen.
     * Without the server (a revealed day's replay needs it) the game plays in this browser.
     */
    async start(fields, button = null, forceOffline = false) {
        this.messages.clearError();
        if (button) button.disabled = true;
        const offline = forceOffline || (!this.online() && !fields.day);
        try {
            const snap = await busy(() => (offline ? this.local : this.client).request('practice_start', fields));
            await this.openSnapshot(snap);
        } catch (err) {
            this.messages.error(err);
        } finally {
            if (button) button.disabled = false;
        }
    }

    /** An offline practice game: a random deal, with the ruleset chosen under "More options". */
    startOffline() {
        return this.start({ ruleset: new FormData(this.el.form).get('ruleset') ?? 'sackson' }, null, true);
    }

    /** The unfinished games of the welcome (replaces the list). */
    setUnfinished(ids) {
        this.unfinished = new Set(ids);
        this.render();
    }

    /** Keeps the list right when the player leaves a game: unfinished ones stay offered. */
    leftGame(state) {
        if (!state) return;
        if (state.over) this.unfinished.delete(state.id);
        else if (state.mode === 'practice') this.unfinished.add(state.id);
        this.render();
    }

    render() {
        const ids = [...this.unfinished].sort((a, b) => a - b);
        // An unfinished offline game (negative id) is offered too, in its own words.
        const kept = this.local?.storedSummary();
        if (kept && !kept.over) ids.push(kept.id);
        this.el.resume.hidden = ids.length === 0;
        this.el.list.replaceChildren(...ids.map((id) => {
            const li = document.createElement('li');
            const btn = document.createElement('button');
            btn.type = 'button';
            btn.dataset.game = String(id);
            btn.textContent = id < 0 ? 'Resume your offline game' : `Resume game ${id}`;
            btn.addEventListener('click', () => {
                this.messages.clearError();
                this.openGame(id);
            });
            li.append(btn);
            return li;
        }));
    }

    focus() {
        this.el.daily.focus();
    }
}
