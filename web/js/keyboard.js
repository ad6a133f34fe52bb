// Keyboard play: 1/2/3 choose a ball pile; once a pile is chosen, digits toggle pins (0 is pin
// 10); Enter knocks down (unless a control has the focus: Enter then presses it), S stops the
// ball, H toggles hints, Shift+H asks the coach, U takes back the last action (practice;
// Backspace stays "back" with Escape: it drops a pick, never a whole play), Escape takes back
// the last pick.

const EDITABLE = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

/**
 * actions: {active() -> bool, pileChosen() -> bool, pile(n), pin(n), knock(), stop(), hints(),
 * back(), coach() (optional), undo() (optional)}. Keys are handled only while active() is true and focus is not
 * in a text field.
 */
export function installKeyboard(actions, target = document) {
    target.addEventListener('keydown', (ev) => {
        if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
        if (EDITABLE.has(ev.target?.tagName) && ev.target.type !== 'checkbox') return;
        if (!actions.active()) return;
        if (document.querySelector('dialog[open]')) return;  // the how-to is over the board
        const key = ev.key;
        // Enter on a focused control (a pin, a pile, "Stop", a link) is that control's own
        // click, as everywhere else on the web; with nothing focused it knocks down.
        if (key === 'Enter' && ev.target?.closest?.('button, a, summary, [role="button"]')) return;
        let handled = true;
        if (/^[0-9]$/.test(key)) {
            const n = Number(key);
            if (!actions.pileChosen() && n >= 1 && n <= 3) actions.pile(n);
            else if (actions.pileChosen()) actions.pin(n === 0 ? 10 : n);
            else handled = false;
        } else if (key === 'Enter') {
            actions.knock();
        } else if (key === 's' || key === 'S') {
            actions.stop();
        } else if (key === 'H' && ev.shiftKey && actions.coach) {
            actions.coach();
        } else if ((key === 'u' || key === 'U') && actions.undo) {
            actions.undo();
        } else if (key === 'h' || key === 'H') {
            actions.hints();
        } else if (key === 'Escape' || key === 'Backspace') {
            actions.back();
        } else {
            handled = false;
        }
        if (handled) ev.preventDefault();
    });
}
