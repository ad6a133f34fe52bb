// Small DOM and formatting helpers shared by the views (no framework): an element builder, the
// page-wide busy flag the tests wait on, and dates and numbers in words.

/**
 * h('button', {class: 'primary', type: 'button', data: {side: 1}, on: {click: fn}}, 'text', el)
 * Props other than class, data, on and text become attributes (a value of false or null is
 * left out, true gives an empty attribute).
 */
export function h(tag, props = {}, ...children) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(props ?? {})) {
        if (value === false || value === null || value === undefined) continue;
        if (key === 'class') el.className = value;
        else if (key === 'data') Object.entries(value).forEach(([k, v]) => { el.dataset[k] = String(v); });
        else if (key === 'on') Object.entries(value).forEach(([k, fn]) => el.addEventListener(k, fn));
        else if (key === 'text') el.textContent = value;
        else el.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat()) {
        if (child === null || child === undefined || child === false) continue;
        el.append(child instanceof Node ? child : String(child));
    }
    return el;
}

/** Replaces a screen's content, keeping the page's error line (#message) on top if it is there. */
export function fillScreen(screen, ...content) {
    const message = [...screen.children].filter((c) => c.id === 'message');
    screen.replaceChildren(...message, ...content.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

/** body[data-busy] is "1" while any request or animation runs (tests wait for "0"). */
let busyCount = 0;

export function busyBegin() {
    busyCount++;
    document.body.dataset.busy = '1';
}

export function busyEnd() {
    busyCount = Math.max(0, busyCount - 1);
    if (busyCount === 0) document.body.dataset.busy = '0';
}

/** Runs fn (async) with the page marked busy. */
export async function busy(fn) {
    busyBegin();
    try {
        return await fn();
    } finally {
        busyEnd();
    }
}

/** "2026-11-29T12:00:03.120Z" -> "29 Nov 2026, 12:00 UTC" (the product's day is UTC). */
export function formatInstant(iso) {
    if (!iso) return '';
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return iso;
    const month = d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
    const hh = String(d.getUTCHours()).padStart(2, '0');
    const mm = String(d.getUTCMinutes()).padStart(2, '0');
    return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

/**
 * Compact and in the player's time zone: "29 Nov, 13:00" (the year only when not this year's).
 * utc: the UTC time beside it where it matters (the daily's close and reveal, a round's close):
 * "29 Nov, 13:00 (12:00 UTC)", with the UTC day too when it differs from the local one.
 */
export function formatWhen(iso, { utc = false } = {}) {
    if (!iso) return '';
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return iso;
    const sameYear = d.getFullYear() === new Date().getFullYear();
    const local = d.toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit',
                                              ...(sameYear ? {} : { year: 'numeric' }) });
    if (!utc) return local;
    const hh = String(d.getUTCHours()).padStart(2, '0');
    const mm = String(d.getUTCMinutes()).padStart(2, '0');
    const sameDay = d.getUTCDate() === d.getDate();
    const day = sameDay ? '' : `${d.getUTCDate()} ${d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} `;
    return `${local} (${day}${hh}:${mm} UTC)`;
}

/** "2026-11-29" -> "Sunday 29 November 2026". */
export function formatDay(day) {
    if (!day) return '';
    const d = new Date(`${day}T00:00:00Z`);
    if (Number.isNaN(d.getTime())) return day;
    return d.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long',
                                           year: 'numeric', timeZone: 'UTC' });
}

/** "3 games", "1 game". */
export function plural(n, word, many = `${word}s`) {
    return `${n} ${n === 1 ? word : many}`;
}

/** The day before a YYYY-MM-DD, or after it with step 1. */
export function shiftDay(day, step) {
    const d = new Date(`${day}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + step);
    return d.toISOString().slice(0, 10);
}

/** "Back" (the previous page, or the start when this page was opened first) and "Start". */
export function wayBack() {
    return h('p', { class: 'buttons way-back' },
             history.length > 1 ? h('button', { type: 'button', class: 'small', text: '\u25c0 Back',
                                                on: { click: () => history.back() } }) : null,
             h('a', { class: 'button-link small', href: '#/', text: 'Start page' }));
}

/**
 * A table for a phone: the cells of class "extra" are hidden below 600 px (phone.css) until the
 * "All columns" button shows them. Returns a box holding the button and the table.
 */
export function withColumnsToggle(table) {
    const button = h('button', { type: 'button', class: 'small columns-toggle', 'aria-pressed': 'false',
                                 text: 'All columns' });
    button.addEventListener('click', () => {
        const all = table.classList.toggle('all-columns');
        button.setAttribute('aria-pressed', String(all));
        button.textContent = all ? 'Fewer columns' : 'All columns';
    });
    return h('div', { class: 'columns-box' }, button, table);
}

/** Copies text to the clipboard; resolves to true, or false when the browser refuses. */
export async function copyText(text) {
    try {
        await navigator.clipboard.writeText(text);
        return true;
    } catch {
        return false;
    }
}
