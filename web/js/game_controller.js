// The play screen: holds the game being played, turns clicks and keys into requests, and shows
// each update step by step (pins fall, the ball's result is announced, then the next rack).
// An arena game shows its number and the time left before it ends as it stands (its clock).

import { countdownText } from './arenas/arena_text.js';
import { cardLabel, utcDate } from './cards.js';
import { Choice } from './choice.js';
import { busyBegin, busyEnd } from './dom.js';
import { GameOverView } from './game_over_view.js';
import { HintView } from './hint_view.js';
import { ballEndText, fromSnapshot, planUpdate } from './model.js';
import { ParLine } from './par_line.js';
import { PickView } from './pick_view.js';
import { RackView } from './rack_view.js';
import { SheetView } from './sheet_view.js';
import { UndoView } from './undo_view.js';

const HINTS_KEY = 'pinfall.hints';
const STEP_MS = { play: 600, ball_end: 1100, burn: 500, deal: 700, game_over: 0 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export class GameController {
    /**
     * client: protocol Client; messages: Messages; onNewGame(mode): leave the finished game;
     * today(): the server's UTC date (for the share line); now(): the server's clock in ms;
     * nextArenaGame(arena, berserk): the arena result card's "Next game".
     */
    constructor(client, messages, { onNewGame, today = () => utcDate(), now = () => Date.now(), nextArenaGame }) {
        this.client = client;
        this.messages = messages;
        this.today = today;
        this.now = now;
        this.state = null;
        this.choice = new Choice();
        this.hints = localStorage.getItem(HINTS_KEY) !== 'off';
        this.busy = 0;
        this.offline = false;  // the server is lost: the board takes no input until it is back
        this.playing = false;  // an update's steps are being shown
        this.queue = Promise.resolve();
        this.fell = [];
        const $ = (id) => document.getElementById(id);
        this.el = { frame: $('frame-label'), pinsBall: $('ball-pins'), ruleset: $('ruleset-label'),
                    groups: $('hint-groups'), knock: $('knock'), stop: $('stop'),
                    resign: $('resign'), hints: $('hints'), controls: $('controls') };
        this.rack = new RackView($('rack'), $('piles'), $('burn'), {
            onPin: (pin) => this.togglePin(pin),
            onPile: (pile) => this.choosePile(pile),
        });
        this.sheet = new SheetView($('sheet'));
        this.pick = new PickView($('selection'), $('hint-groups'));
        this.over = new GameOverView($('game-over'), client, { onNewGame, now, nextArenaGame });
        this.clock = document.createElement('span');
        this.clock.id = 'arena-clock';
        this.clock.className = 'arena-clock';
        this.clock.hidden = true;
        this.el.ruleset.after(this.clock);
        this.clockTimer = null;
        this.coach = new HintView(client, messages, $('controls'), $('hint-groups'));
        this.parLine = new ParLine(client, $('final-verdict'));
        this.undo = new UndoView(client, messages, $('controls'), this);
        this.el.knock.addEventListener('click', () => this.knock());
        this.el.stop.addEventListener('click', () => this.stop());
        this.el.resign.addEventListener('click', () => this.resign());
        this.el.hints.checked = this.hints;
        this.el.hints.addEventListener('change', () => this.setHints(this.el.hints.checked));
        this.el.groups.addEventListener('click', (ev) => {
            const chip = ev.target.closest('[data-group]');
            if (chip) this.pickGroup(chip.dataset.group.split(',').map(Number));
        });
    }

    get gameId() {
        return this.state?.id ?? null;
    }

    get locked() {
        // An offline game (mode "offline") plays in the browser: a lost server does not lock it.
        const lost = this.offline && this.state?.mode !== 'offline';
        return this.playing || this.busy > 0 || lost || !this.state || this.state.over;
    }

    /** The connection came or went: a lost server locks the board (body[data-conn] dims it). */
    setOnline(online) {
        this.offline = !online;
        this.render();
    }

    /** Runs fn while the page is marked busy (body[data-busy="1"], used by tests too). */
    async track(fn) {
        this.busy++;
        busyBegin();
        try {
            return await fn();
        } finally {
            this.busy--;
            busyEnd();
        }
    }

    /** Shows a `game` snapshot, replacing whatever was shown. */
    showSnapshot(msg) {
        this.queue = this.queue.then(() => {
            const changed = this.state?.id !== msg.game;
            this.state = fromSnapshot(msg);
            if (changed) {
                this.choice.reset();
                this.messages.announce('');
            }
            this.fell = [];
            this.render();
        });
        return this.queue;
    }

    /** Applies an `update` for the shown game: steps in order, or a snapshot after a gap. */
    applyUpdate(msg) {
        this.queue = this.queue.then(() => this.#playUpdate(msg)).catch((err) => this.messages.error(err));
        return this.queue;
    }

    async #playUpdate(msg) {
        if (!this.state || msg.game !== this.state.id) return;
        const plan = planUpdate(this.state, msg);
        if (plan.kind === 'stale') return;
        if (plan.kind === 'gap') {
            await this.resync();
            return;
        }
        this.playing = true;
        busyBegin();
        try {
            const scale = reducedMotion() ? 0.2 : 1;
            for (const [i, step] of plan.steps.entries()) {
                this.#announceStep(step);
                const last = i === plan.steps.length - 1;
                this.fell = step.fell;
                if (last) break;
                this.state = step.state;
                this.render();
                await sleep(STEP_MS[step.kind] * scale);
            }
            this.state = plan.final;
            this.choice.fit(this.state);
        } finally {
            this.playing = false;
            busyEnd();
            this.render();
        }
    }

    #announceStep(step) {
        const e = step.event;
        if (step.kind === 'play') {
            const n = step.state.pinsThisBall;
            this.messages.announce(`${cardLabel(e.ball)} knocks down ${e.pins.join('-')}. ` +
                                   `${n} pin${n === 1 ? '' : 's'} this ball.`);
        } else if (step.kind === 'ball_end') {
            const kind = e.mark ?? (step.openFrame ? 'open' : 'info');
            this.messages.announce(ballEndText(e, step.openFrame), kind);
        } else if (step.kind === 'game_over') {
            // The game-over panel says it; the line is cleared for the final screen.
            this.messages.announce('');
        }
    }

    /** Asks for a fresh snapshot of the shown game (after a gap or a reconnect). */
    async resync() {
        if (!this.state) return;
        const id = this.state.id;
        const msg = await this.track(() => this.client.request('snapshot', { game: id }));
        this.state = fromSnapshot(msg);
        this.choice.fit(this.state);
        this.render();
    }

    choosePile(pile) {
        if (this.locked) return;
        this.messages.clearError();
        this.choice.choosePile(pile);
        this.render();
    }

    togglePin(pin) {
        if (this.locked) return;
        this.messages.clearError();
        if (!this.choice.togglePin(pin, this.state)) this.messages.error(`Pin ${pin} is already down.`);
        this.render();
    }

    pickGroup(pins) {
        if (this.locked) return;
        this.choice.pins = new Set(pins);
        this.render();
    }

    /** Escape: drop the last pin picked, or the pile when no pin is picked. */
    back() {
        if (this.locked) return;
        const pins = [...this.choice.pins];
        if (pins.length > 0) this.choice.pins.delete(pins[pins.length - 1]);
        else this.choice.pile = null;
        this.render();
    }

    setHints(on) {
        this.hints = on;
        this.el.hints.checked = on;
        localStorage.setItem(HINTS_KEY, on ? 'on' : 'off');
        this.render();
    }

    async knock() {
        if (this.locked) return;
        this.messages.clearError();
        if (this.choice.pile === null) {
            this.messages.error('Choose a ball pile first (click it, or press 1, 2 or 3).');
            return;
        }
        const request = { game: this.state.id, pile: this.choice.pile, pins: this.choice.sortedPins() };
        await this.#act('play', request, () => this.choice.reset());
    }

    async stop() {
        if (this.locked) return;
        this.messages.clearError();
        await this.#act('stop', { game: this.state.id }, () => this.choice.reset());
    }

    async resign() {
        if (this.locked) return;
        this.messages.clearError();
        const btn = this.el.resign;
        if (!btn.classList.contains('confirm')) {
            btn.classList.add('confirm');
            btn.textContent = 'Really resign?';
            setTimeout(() => {
                btn.classList.remove('confirm');
                btn.textContent = 'Resign';
            }, 4000);
            return;
        }
        btn.classList.remove('confirm');
        btn.textContent = 'Resign';
        await this.#act('resign', { game: this.state.id }, () => this.choice.reset());
    }

    /** Sends an action; the page stays busy until its update has been shown. */
    async #act(type, fields, onAccepted) {
        await this.track(async () => {
            let reply;
            try {
                reply = await this.client.request(type, fields);
            } catch (err) {
                this.messages.error(err);
                return;
            }
            onAccepted();
            await this.applyUpdate(reply);
        });
        this.render();
    }

    render() {
        const s = this.state;
        if (!s) return;
        const hintPins = this.hints && !this.locked ? this.choice.hintPins(s) : new Set();
        const hintPiles = this.hints && !this.locked ? Choice.hintPiles(s) : new Set();
        this.rack.render(s, { pile: this.choice.pile, pins: this.choice.pins, hintPins, hintPiles,
                              fell: this.fell, locked: this.locked });
        this.#renderStatus(s);
        this.pick.render(s, this.choice, { hints: this.hints, locked: this.locked });
        this.sheet.render(s.sheet, s.over ? 0 : s.frame, { over: s.over });
        const controlsOff = this.locked;
        // "Knock down" waits for a legal pick; #selection says what is missing or which rule
        // fails. Enter still sends any pick: the server's refusal then explains it too.
        this.el.knock.disabled = controlsOff || !this.choice.isLegal(s);
        this.el.stop.disabled = controlsOff;
        this.el.resign.disabled = controlsOff;
        this.el.controls.hidden = s.over;
        this.coach.render(s, this.locked);
        this.undo.render(s, this.locked);
        if (s.over) {
            this.over.show(s, this.today());
            this.parLine.show(s);
        } else {
            this.over.hide();
        }
        document.body.dataset.over = String(s.over);
        document.body.dataset.gameMode = s.mode;
        document.body.dataset.version = String(s.version);
    }

    #renderStatus(s) {
        this.el.frame.textContent = s.over ? 'Game over' : `Frame ${s.frame} \u00b7 Ball ${s.ball}`;
        this.el.pinsBall.textContent = s.over ? '' : `${s.pinsThisBall} down this ball`;
        const daily = { daily: 'Daily challenge \u00b7 ', league: 'League game \u00b7 ',
                        arena: `Arena game ${s.arena?.n ?? ''} \u00b7 ` }[s.mode] ?? '';
        // An offline game has no id on the server: it says what it is instead.
        this.el.ruleset.textContent = s.mode === 'offline' ? `Offline, unranked \u00b7 ${s.ruleset} rules`
            : `${daily}${s.ruleset} rules \u00b7 game ${s.id}`;
        this.el.ruleset.dataset.mode = s.mode;
        this.#renderClock(s);
    }

    /** An arena game's time left until it ends as it stands (its clock, else the grace). */
    #renderClock(s) {
        const deadline = s.mode === 'arena' && !s.over && s.arena?.deadline ? Date.parse(s.arena.deadline) : NaN;
        clearInterval(this.clockTimer);
        this.clockTimer = null;
        this.clock.hidden = Number.isNaN(deadline);
        if (this.clock.hidden) return;
        const tick = () => {
            const left = deadline - this.now();
            this.clock.textContent = `${s.arena.berserk ? 'Berserk \u00b7 ' : ''}${countdownText(left)} left`;
            this.clock.classList.toggle('low', left < 30000);
            this.clock.dataset.left = String(Math.max(0, Math.round(left / 1000)));
        };
        tick();
        this.clockTimer = setInterval(() => {
            if (document.body.dataset.screen !== 'play' || this.state !== s) {
                clearInterval(this.clockTimer);
                return;
            }
            tick();
        }, 1000);
    }
}
