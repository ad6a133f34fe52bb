// The client's copy of one game: built from a snapshot (`game` message), advanced by the events
// of `update` messages exactly as docs/protocol.md describes, and split into presentation steps
// so the view can show pins falling before the next rack is dealt.

const FRESH_DOWN = [4, 2, 1];  // face-down cards under each pile's top on a fresh deal

/** The state of a `game` snapshot message. */
export function fromSnapshot(msg) {
    const s = msg.state;
    return {
        id: msg.game,
        mode: msg.mode ?? 'practice',
        version: msg.version,
        ruleset: s.ruleset,
        over: s.over,
        resigned: s.resigned,
        frame: s.frame,
        ball: s.ball,
        deal: s.deal,
        secondBall: s.second_ball,
        pinsThisBall: s.pins_this_ball,
        pins: [...s.pins],
        piles: s.piles.map((p) => ({ up: p.up, down: p.down })),
        sheet: msg.sheet,
        legal: msg.legal,
        reveal: msg.reveal ?? null,
        // An arena game's block: {arena, n, commitment, berserk, deadline} (null otherwise).
        arena: msg.arena ?? null,
        // The cards burned at the start of ball 2. Snapshots do not carry them, so after a
        // reload they are unknown (null) even when secondBall is true.
        burned: null,
    };
}

function clone(state) {
    return structuredClone(state);
}

const NO_LEGAL = [[], [], []];

/**
 * Plans how to show an update. Returns {kind: "stale"} when its events are already applied,
 * {kind: "gap"} when events were missed (the caller takes a snapshot), or {kind: "steps",
 * steps, final}: steps are {state, kind, event, fell, openFrame} to show in order (their
 * states have no legal plays yet), final is the state after the update.
 */
export function planUpdate(state, msg) {
    const first = msg.events[0]?.v ?? msg.version;
    if (msg.version <= state.version) return { kind: 'stale' };
    if (first !== state.version + 1) return { kind: 'gap' };

    const s = clone(state);
    s.legal = NO_LEGAL;
    const steps = [];
    let frameEnded = false;
    msg.events.forEach((e, i) => {
        switch (e.e) {
        case 'play':
            for (const pin of e.pins) s.pins[pin - 1] = null;
            s.piles[e.pile - 1].up = e.turned;
            if (e.turned !== null) s.piles[e.pile - 1].down -= 1;
            s.pinsThisBall += e.pins.length;
            break;
        case 'ball_end':
            s.pinsThisBall = 0;
            if (msg.sheet) s.sheet = msg.sheet;
            break;
        case 'burn':
            s.burned = e.burned;
            e.turned.forEach((card, k) => {
                s.piles[k].up = card;
                if (card !== null) s.piles[k].down -= 1;
            });
            s.ball += 1;
            s.secondBall = true;
            break;
        case 'frame_end':
            frameEnded = true;
            if (e.frame < 10) {
                s.frame = e.frame + 1;
                s.ball = 1;
            }
            break;
        case 'deal':
            s.deal = e.deal;
            s.pins = [...e.pins];
            s.piles = e.up.map((up, k) => ({ up, down: up === null ? 0 : FRESH_DOWN[k] }));
            s.secondBall = false;
            s.burned = null;
            // A deal without a frame_end before it is a bonus ball of frame 10.
            if (!frameEnded) s.ball += 1;
            frameEnded = false;
            break;
        case 'game_over':
            s.over = true;
            s.resigned = e.resigned;
            s.frame = 0;
            s.ball = 0;
            break;
        default:
            break;  // an event kind this client does not know changes nothing it shows
        }
        s.version = e.v;
        if (e.e === 'frame_end') return;  // shown with the ball_end before it
        const openFrame = e.e === 'ball_end' && e.mark === null &&
            msg.events.slice(i + 1).some((n) => n.e === 'frame_end');
        steps.push({ state: clone(s), kind: e.e, event: e, fell: e.e === 'play' ? e.pins : [],
                     openFrame });
    });

    const final = clone(s);
    final.version = msg.version;
    final.legal = msg.legal;
    if (msg.sheet) final.sheet = msg.sheet;
    if (msg.reveal) final.reveal = msg.reveal;
    return { kind: 'steps', steps, final };
}

/** True when some pile has a legal play. */
export function hasLegalPlay(state) {
    return state.legal.some((groups) => groups.length > 0);
}

/** Words for a ball's end, e.g. "Strike!", "Frame 3, ball 1: 7 pins. No legal play left." */
export function ballEndText(e, openFrame) {
    if (e.mark === 'strike') return 'Strike!';
    if (e.mark === 'spare') return 'Spare!';
    const pins = `${e.roll} pin${e.roll === 1 ? '' : 's'}`;
    const why = {
        stopped: 'You stopped the ball.',
        no_play: 'No legal play left.',
        cleared: 'All pins down.',
        resigned: 'Resigned.',
    }[e.reason] ?? '';
    const open = openFrame ? ' Open frame.' : '';
    return `Frame ${e.frame}, ball ${e.ball}: ${pins}. ${why}${open}`.trim();
}
