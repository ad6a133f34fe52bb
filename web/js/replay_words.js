// A replay step told in words (issue 17): "7 of spades knocks down 4-8-9", "Stops the ball",
// "Ball 2 burns ...", instead of record notation, from the states before and after the step
// (solitaire/replay.js). The index of a replay (replay_index.js) groups the same steps by frame
// and ball. Pure functions: they read card names and states, nothing on the page.

import { cardSpeech } from './cards.js';

const pins = (n) => `${n} pin${n === 1 ? '' : 's'}`;
const listWords = (items) => (items.length < 2 ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/** Frame and ball a step's action was made in: the position before it ({frame, ball}). */
export function ballOf(before) {
    return { frame: before.frame, ball: before.ball };
}

/** The action alone, short: "7 of spades knocks down 4-8-9", "Stops the ball". */
export function actionWords(step, before) {
    const a = step.action;
    if (!a) return 'The opening deal';
    if (a.kind === 'stop') return 'Stops the ball';
    if (a.kind === 'resign') return 'Resigns';
    if (a.kind === 'undo') return 'Takes back the last action';
    const ball = before.piles[a.pile - 1].up;
    return `${cardSpeech(ball)} knocks down ${[...a.pins].sort((x, y) => x - y).join('-')}`;
}

/** What happened by itself after the action: the ball's end, a burn, a fresh deal. */
function consequences(step, before) {
    const s = step.state;
    const out = [];
    if (step.action?.kind === 'play') out.push(`${pins(s.pinsThisBall || step.action.pins.length)} this ball`);
    if (step.action?.kind === 'undo') {
        out.push(`back to frame ${s.frame}, ball ${s.ball}`);
        return out;
    }
    // Ball ends are the replay's notes ("Frame 1, ball 1: 7 pins (stopped)"), in words.
    for (const note of step.notes) {
        const m = /^Frame (\d+), ball (\d+): (.+) \((.+)\)$/.exec(note);
        if (!m) continue;
        const why = { stopped: '', 'no legal play left': ', no legal play left', 'all pins down': '',
                      resigned: ', resigned' }[m[4]] ?? `, ${m[4]}`;
        out.push(`frame ${m[1]}, ball ${m[2]} ends: ${m[3]}${why}`);
    }
    const newBall2 = s.secondBall && s.burned && (!before.secondBall || s.deal !== before.deal);
    if (newBall2 && !s.over) {
        const burned = s.burned.filter(Boolean).map(cardSpeech);
        out.push(burned.length ? `ball 2 burns ${listWords(burned)}` : 'ball 2: no card to burn');
    }
    if (s.deal !== before.deal && !s.over) out.push(`a fresh deal for frame ${s.frame}, ball ${s.ball}`);
    if (s.over && !before.over) out.push(`game over: ${s.score}`);
    return out;
}

/** The whole step as a sentence or two. */
export function stepWords(step, before) {
    const head = actionWords(step, before);
    const s = step.state;
    if (!step.action) return `${head}: frame ${s.frame}, ball ${s.ball}.`;
    const more = consequences(step, before);
    const text = more.length ? `${head}: ${more.join('; ')}.` : `${head}.`;
    return step.error ? `${text} Refused: ${step.error}.` : text;
}
