// Pinfall's browser client: connects, shows the start screen or resumes the game in progress,
// and hands the play screen to the GameController.

import { GameController } from './game_controller.js';
import { installKeyboard } from './keyboard.js';
import { Messages } from './messages.js';
import { Client, defaultUrl } from './protocol.js';

const GAME_KEY = 'pinfall.game';
const $ = (id) => document.getElementById(id);

const messages = new Messages($('message'), $('announce'));
let unfinished = new Set();  // ids of this guest's games that are not over

const client = new Client(defaultUrl(), {
    onWelcome: (welcome) => onWelcome(welcome),
    onPush: (msg) => onPush(msg),
    onStatus: (status, detail) => showConnection(status, detail),
});
const game = new GameController(client, messages, { onNewGame: () => showStart() });

function showScreen(name) {
    document.body.dataset.screen = name;
    // One error line, shown where the player looks: over the announcements while playing.
    if (name === 'play') $('feedback').prepend($('message'));
    else $('start-screen').prepend($('message'));
    $('start-screen').hidden = name !== 'start';
    $('play-screen').hidden = name !== 'play';
}

function showConnection(status, detail) {
    const el = $('conn');
    el.dataset.status = status;
    el.textContent = { connecting: 'connecting\u2026', online: 'online', offline: 'offline' }[status] +
        (detail ? ` (${detail})` : '');
}

async function onWelcome(welcome) {
    unfinished = new Set(welcome.games);
    renderResume();
    const screen = document.body.dataset.screen;
    if (screen === 'loading') {
        const stored = Number(localStorage.getItem(GAME_KEY)) || null;
        if (stored === null) showStart();
        else await openGame(stored, true);
    } else if (screen === 'play' && game.gameId !== null) {
        // A reconnect: the game on screen may have missed updates, or moved on in another tab.
        await openGame(game.gameId, false);
    }
}

/** Shows game `id` from a snapshot; quietly falls back to the start screen if it is gone. */
async function openGame(id, quietIfGone) {
    let snap;
    try {
        snap = await game.track(() => client.request('snapshot', { game: id }));
    } catch (err) {
        if (err.code === 'unknown_game' || err.code === 'not_your_game') {
            localStorage.removeItem(GAME_KEY);
            if (!quietIfGone) messages.error(err);
            showStart();
            return;
        }
        messages.error(err);
        return;
    }
    localStorage.setItem(GAME_KEY, String(snap.game));
    showScreen('play');
    await game.showSnapshot(snap);
}

function onPush(msg) {
    if (msg.type === 'update') game.applyUpdate(msg);
    else if (msg.type === 'game' && msg.game === game.gameId) game.showSnapshot(msg);
    else if (msg.type === 'error') messages.error(msg);
}

/** The start screen; a reload now stays on it (unfinished games are offered to resume). */
function showStart() {
    localStorage.removeItem(GAME_KEY);
    const shown = game.state;
    if (shown && !shown.over) unfinished.add(shown.id);
    if (shown?.over) unfinished.delete(shown.id);
    renderResume();
    messages.announce('');
    showScreen('start');
    document.body.dataset.busy = game.busy > 0 ? '1' : '0';
    $('seed').focus();
}

function renderResume() {
    const ids = [...unfinished].sort((a, b) => a - b);
    $('resume').hidden = ids.length === 0;
    $('resume-list').replaceChildren(...ids.map((id) => {
        const li = document.createElement('li');
        const btn = document.createElement('button');
        btn.type = 'button';
        btn.dataset.game = String(id);
        btn.textContent = `Resume game ${id}`;
        btn.addEventListener('click', () => {
            messages.clearError();
            openGame(id, false);
        });
        li.append(btn);
        return li;
    }));
}

$('start-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    messages.clearError();
    const form = new FormData(ev.target);
    const fields = { ruleset: form.get('ruleset') };
    const seed = String(form.get('seed') ?? '').trim();
    if (seed !== '') fields.seed = seed;
    const button = $('start-button');
    button.disabled = true;
    try {
        const snap = await game.track(() => client.request('practice_start', fields));
        localStorage.setItem(GAME_KEY, String(snap.game));
        showScreen('play');
        await game.showSnapshot(snap);
    } catch (err) {
        messages.error(err);
    } finally {
        button.disabled = false;
    }
});

$('menu-button').addEventListener('click', () => {
    messages.clearError();
    showStart();
});

installKeyboard({
    active: () => document.body.dataset.screen === 'play',
    pileChosen: () => game.choice.pile !== null,
    pile: (n) => game.choosePile(n),
    pin: (n) => game.togglePin(n),
    knock: () => game.knock(),
    stop: () => game.stop(),
    hints: () => game.setHints(!game.hints),
    back: () => game.back(),
});

showScreen('loading');
client.connect();
