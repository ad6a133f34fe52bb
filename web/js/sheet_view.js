// The score sheet in the usual bowling layout: ten frames, a box per ball (three in the tenth),
// the running total under each frame; and the share line in bowling notation. On a game that
// ended early (resigned) the frames whose rolls never all came get their total as it ended, rolls
// not bowled counted 0, so the last frame's total is the score shown under the sheet: the sheet
// alone left it empty, and "Score 16" stood under a frame showing 8.

import { runningTotals } from './solitaire/score.js';

/** The marks of one frame spread over its boxes; a strike sits in the right box of 1-9. */
export function frameBoxes(marks, tenth) {
    if (tenth) return [0, 1, 2].map((i) => marks[i] ?? '');
    if (marks === 'X') return ['', 'X'];
    return [marks[0] ?? '', marks[1] ?? ''];
}

export class SheetView {
    constructor(el) {
        this.el = el;
        this.frames = [];
        const list = document.createElement('ol');
        list.className = 'frames';
        for (let f = 1; f <= 10; f++) {
            const li = document.createElement('li');
            li.className = 'frame';
            li.dataset.frame = String(f);
            const num = document.createElement('span');
            num.className = 'frame-no';
            num.textContent = String(f);
            const boxes = document.createElement('span');
            boxes.className = 'boxes';
            const total = document.createElement('span');
            total.className = 'total';
            li.append(num, boxes, total);
            list.append(li);
            this.frames.push({ li, boxes, total });
        }
        const score = document.createElement('p');
        score.className = 'sheet-score';
        el.replaceChildren(list, score);
        this.score = score;
    }

    /**
     * Shows a protocol sheet; `current` is the frame in play (0 when none); `over`: the game has
     * ended, so a total still unknown is final as it stands.
     */
    render(sheet, current, { over = false } = {}) {
        const ended = over && !sheet.complete && Array.isArray(sheet.rolls) ? runningTotals(sheet.rolls) : null;
        sheet.frames.forEach((frame, i) => {
            const view = this.frames[i];
            const boxes = frameBoxes(frame.marks, i === 9).map((mark) => {
                const box = document.createElement('span');
                box.className = 'box';
                if (mark === 'X') box.classList.add('strike');
                if (mark === '/') box.classList.add('spare');
                box.textContent = mark;
                return box;
            });
            view.boxes.replaceChildren(...boxes);
            const total = frame.total ?? ended?.[i] ?? null;
            view.total.textContent = total === null ? '' : String(total);
            view.total.classList.toggle('ended', frame.total === null && total !== null);
            view.total.title = frame.total === null && total !== null ? 'The game ended here: rolls not bowled count 0' : '';
            view.li.classList.toggle('current', current === i + 1);
            view.li.dataset.marks = frame.marks;
        });
        this.score.textContent = `Score ${sheet.score}`;
        this.score.dataset.score = String(sheet.score);
    }
}

/**
 * What a player shares: "Pinfall daily 2026-11-29 sackson: X 7/ 9- ... = 143" (or "practice",
 * "league"), then, when known, "Rank 3 of 17 (top 18%)" and a link (the day's board for a
 * daily), one per line. A resigned game lists the frames it bowled, then "(resigned)".
 */
export function shareLine(sheet, ruleset, date, resigned, { mode = 'practice', rank = null, link = null } = {}) {
    const marks = sheet.frames.map((f) => f.marks).filter((m) => m !== '');
    if (resigned) marks.push('(resigned)');
    const lines = [`Pinfall ${mode} ${date} ${ruleset}: ${marks.join(' ')} = ${sheet.score}`];
    if (rank) lines.push(`Rank ${rank.rank} of ${rank.total} (top ${topPercent(rank)}%)`);
    if (link) lines.push(link);
    return lines.join('\n');
}

/** The share of players at or above a rank, rounded up: rank 1 of 200 is the top 1%. */
export function topPercent({ rank, total }) {
    return Math.max(1, Math.ceil((100 * rank) / Math.max(1, total)));
}
