// The table: the pin triangle (as seen from the foul line) and the three ball piles. Builds its
// elements once and updates them from a game state plus the player's current choice.

import { PIN_LAYOUT, cardLabel, cardParts, cardSpeech, fillCard } from './cards.js';

/**
 * The words a screen reader says for a pin or pile. They are the button's content (the drawn
 * card and numbers are aria-hidden) rather than an aria-label, whose words would not contain
 * the visible "8♥ 7" (WCAG 2.5.3, axe's label-content-name-mismatch).
 */
function spoken(text) {
    const el = document.createElement('span');
    el.className = 'sr-only';
    el.textContent = text;
    return el;
}

export class RackView {
    /** onPin(pin) and onPile(pile) are called when the player clicks one. */
    constructor(rackEl, pilesEl, burnEl, { onPin, onPile }) {
        this.burnEl = burnEl;
        this.pins = new Map();
        this.cards = new Map();  // the card each position showed last, for the fall animation
        for (const [pin, row, col] of PIN_LAYOUT) {
            const btn = document.createElement('button');
            btn.type = 'button';
            btn.className = 'pin';
            btn.dataset.pin = String(pin);
            btn.style.gridRow = String(row);
            btn.style.gridColumn = `${col} / span 2`;
            btn.addEventListener('click', () => onPin(pin));
            rackEl.append(btn);
            this.pins.set(pin, btn);
        }
        this.piles = [1, 2, 3].map((pile) => {
            const btn = document.createElement('button');
            btn.type = 'button';
            btn.className = 'pile';
            btn.dataset.pile = String(pile);
            btn.addEventListener('click', () => onPile(pile));
            pilesEl.append(btn);
            return btn;
        });
    }

    /**
     * choice: {pile, pins: Set, hintPins: Set, hintPiles: Set, fell: [], locked}. hintPins and
     * hintPiles are empty when hints are off; fell lists pins to show falling.
     */
    render(state, choice) {
        for (const [pin, btn] of this.pins) {
            const card = state.pins[pin - 1];
            const falling = card === null && choice.fell.includes(pin);
            this.#renderPin(btn, pin, card ?? (falling ? this.cards.get(pin) : null), {
                down: card === null,
                falling,
                selected: choice.pins.has(pin),
                hint: choice.hintPins.has(pin),
                locked: choice.locked || state.over,
            });
            if (card !== null) this.cards.set(pin, card);
        }
        this.piles.forEach((btn, i) => this.#renderPile(btn, i + 1, state.piles[i], {
            selected: choice.pile === i + 1,
            hint: choice.hintPiles.has(i + 1),
            locked: choice.locked || state.over,
        }));
        this.#renderBurn(state);
    }

    #renderPin(btn, pin, card, { down, falling, selected, hint, locked }) {
        btn.classList.toggle('down', down);
        btn.classList.toggle('selected', selected && !down);
        btn.classList.toggle('hint', hint && !down);
        btn.setAttribute('aria-pressed', String(selected && !down));
        btn.disabled = down || locked;
        const speech = down ? `pin ${pin}, down` : `pin ${pin}, ${cardSpeech(card)}`;
        // A pin already falling keeps its element, so a re-render does not restart the fall.
        if (falling && btn.dataset.falling === card) {
            btn.querySelector('.sr-only').textContent = speech;
            return;
        }
        if (falling) btn.dataset.falling = card;
        else delete btn.dataset.falling;
        const num = document.createElement('span');
        num.className = 'pin-no';
        num.setAttribute('aria-hidden', 'true');
        num.textContent = String(pin);
        const face = document.createElement('span');
        face.className = 'card';
        face.setAttribute('aria-hidden', 'true');
        if (card) fillCard(face, card);
        if (falling) face.classList.add('falling');
        btn.replaceChildren(face, num, spoken(speech));
    }

    #renderPile(btn, pile, { up, down }, { selected, hint, locked }) {
        btn.classList.toggle('selected', selected);
        btn.classList.toggle('hint', hint);
        btn.classList.toggle('empty', up === null);
        btn.setAttribute('aria-pressed', String(selected));
        btn.disabled = locked || up === null;
        const speech = up === null ? `ball pile ${pile}, empty` : `ball pile ${pile}, ${cardSpeech(up)}, ${down} face down`;
        const title = document.createElement('span');
        title.className = 'pile-no';
        title.setAttribute('aria-hidden', 'true');
        title.textContent = `Pile ${pile}`;
        const face = document.createElement('span');
        face.className = 'card';
        face.setAttribute('aria-hidden', 'true');
        if (up) fillCard(face, up);
        else face.textContent = 'empty';
        const count = document.createElement('span');
        count.className = 'pile-down';
        count.setAttribute('aria-hidden', 'true');
        count.textContent = `${down} face down`;
        btn.replaceChildren(title, face, count, spoken(speech));
    }

    #renderBurn(state) {
        const el = this.burnEl;
        if (state.over || !state.secondBall) {
            el.hidden = true;
            return;
        }
        el.hidden = false;
        if (!state.burned) {
            el.textContent = 'Ball 2: the top card of each pile was burned.';
            return;
        }
        const cards = state.burned.map((card) => {
            const span = document.createElement('span');
            span.className = 'burned';
            span.textContent = card ? cardLabel(card) : 'none';
            span.classList.toggle('red', Boolean(cardParts(card)?.red));
            return span;
        });
        el.replaceChildren('Burned for ball 2: ', ...cards);
    }
}
