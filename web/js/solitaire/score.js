// A ten-pin score sheet built from rolls, as engine/score_sheet.cpp keeps it: the frame and ball
// next to bowl, marks per frame (X strike, / spare, - zero, digits), cumulative totals once
// known, and the score counting rolls not bowled as 0. The protocol's `sheet` shape comes out.

const FRAMES = 10;
const RACK = 10;

export class ScoreSheet {
    constructor() {
        this.rolls = [];
        this.starts = [0];  // index of each frame's first roll
        this.frame = 1;     // the frame of the next roll (11 once complete)
        this.ball = 1;
        this.standing = RACK;
    }

    get complete() {
        return this.frame > FRAMES;
    }

    /** Records a roll of `pins` (0..standing). */
    add(pins) {
        const first = this.rolls[this.starts[this.frame - 1]];
        this.rolls.push(pins);
        const nextFrame = () => {
            this.frame++;
            this.ball = 1;
            this.standing = RACK;
            this.starts[this.frame - 1] = this.rolls.length;
        };
        if (this.frame < FRAMES) {
            if (this.ball === 1 && pins < RACK) {
                this.ball = 2;
                this.standing = RACK - pins;
            } else {
                nextFrame();
            }
            return;
        }
        if (this.ball === 1) {
            this.ball = 2;
            this.standing = pins === RACK ? RACK : RACK - pins;
        } else if (this.ball === 2 && (first === RACK || first + pins === RACK)) {
            this.ball = 3;
            this.standing = first === RACK && pins !== RACK ? RACK - pins : RACK;
        } else {
            nextFrame();
        }
    }

    /** The rolls of frame f (1-10). */
    frameRolls(f) {
        if (f > this.frame) return [];
        const end = f < this.frame ? this.starts[f] : this.rolls.length;
        return this.rolls.slice(this.starts[f - 1], end);
    }

    marks(f) {
        let out = '';
        let standing = RACK;
        let fresh = true;
        for (const r of this.frameRolls(f)) {
            if (fresh && r === RACK) out += 'X';
            else if (!fresh && r === standing) out += '/';
            else out += r === 0 ? '-' : String(r);
            if (!fresh || r === RACK) {
                standing = RACK;
                fresh = true;
            } else {
                standing -= r;
                fresh = false;
            }
        }
        return out;
    }

    /** Cumulative total through frame f, or null while a roll it needs is unknown. */
    total(f) {
        let total = 0;
        for (let g = 1; g <= f; g++) {
            if (g >= this.frame) return null;
            const s = this.starts[g - 1];
            if (g === FRAMES) {
                total += this.rolls.slice(s).reduce((a, b) => a + b, 0);
                continue;
            }
            const bonus = this.rolls[s] === RACK || this.rolls[s] + this.rolls[s + 1] === RACK;
            const needed = bonus ? 3 : 2;
            if (s + needed > this.rolls.length) return null;
            total += this.rolls.slice(s, s + needed).reduce((a, b) => a + b, 0);
        }
        return total;
    }

    /**
     * Cumulative totals as they stand, rolls not bowled counted 0: a number for every frame with
     * a roll, null after. The last one is the running score; on a resigned game they are the
     * final totals (the sheet's own `total` stays null where a roll never came).
     */
    runningTotals() {
        const out = [];
        let total = 0;
        for (let f = 1; f <= FRAMES; f++) {
            const rolls = this.frameRolls(f);
            if (rolls.length === 0) {
                out.push(null);
                continue;
            }
            const s = this.starts[f - 1];
            const strike = f < FRAMES && rolls[0] === RACK;
            const spare = f < FRAMES && !strike && rolls.length === 2 && rolls[0] + rolls[1] === RACK;
            const counted = strike || spare ? this.rolls.slice(s, s + 3) : rolls;
            total += counted.reduce((a, b) => a + b, 0);
            out.push(total);
        }
        return out;
    }

    /** The running score: bonus rolls not bowled count 0. */
    score() {
        return this.runningTotals().filter((t) => t !== null).at(-1) ?? 0;
    }

    /** The protocol's sheet: {rolls, frames: [{marks, total}], score, complete}. */
    toJSON() {
        const frames = [];
        for (let f = 1; f <= FRAMES; f++) frames.push({ marks: this.marks(f), total: this.total(f) });
        return { rolls: [...this.rolls], frames, score: this.score(), complete: this.complete };
    }
}

/** runningTotals() of the sheet these rolls make (the protocol sheet's `rolls`). */
export function runningTotals(rolls) {
    const sheet = new ScoreSheet();
    for (const r of rolls) sheet.add(r);
    return sheet.runningTotals();
}
