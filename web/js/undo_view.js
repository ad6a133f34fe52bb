// Take-backs on the practice play screen (docs/rules.md and docs/protocol.md "Take-backs"): an
// "Undo" button (and the key U) asks the server to take back the last action still in effect;
// the reply is a `game` snapshot, which replaces the position shown (as after a resync). Ranked
// games (daily, league) never allow take-backs: the button is absent there, and the server
// refuses them anyway (ranked_game), so a hand-made request changes nothing either.

import { h } from './dom.js';

/** True when no action can be in effect: the opening rack of frame 1, nothing knocked yet. */
export function atGameStart(state) {
    return state.frame === 1 && state.ball === 1 && state.deal === 0 && state.pinsThisBall === 0 &&
        state.pins.every((c) => c !== null);
}

export class UndoView {
    /**
     * controls: the play screen's #controls; game: the GameController (its state, lock, busy
     * tracking and snapshot display are what a take-back uses).
     */
    constructor(client, messages, controls, game) {
        this.client = client;
        this.messages = messages;
        this.game = game;
        this.button = h('button', { type: 'button', id: 'undo-button', title: 'U',
                                    text: 'Undo', on: { click: () => this.undo() } });
        controls.querySelector('.buttons.secondary').prepend(this.button);
    }

    /** Called by the play screen on every render. */
    render(state, locked) {
        // Offline practice takes back in the browser's engine (offline/local_games.js).
        const practice = (state.mode === 'practice' || state.mode === 'offline') && !state.over;
        this.button.hidden = !practice;
        // At the game's start there is nothing to take back: the button says so by being off.
        this.button.disabled = locked || atGameStart(state);
    }

    async undo() {
        const s = this.game.state;
        if (!s || this.game.locked || !['practice', 'offline'].includes(s.mode) || s.over) return;
        this.messages.clearError();
        await this.game.track(async () => {
            let snap;
            try {
                snap = await this.client.request('undo', { game: s.id });
            } catch (err) {
                this.messages.error(err);
                return;
            }
            this.game.choice.reset();
            await this.game.showSnapshot(snap);
            this.messages.announce('Taken back: the position before your last action.');
        });
        this.game.render();
    }
}
