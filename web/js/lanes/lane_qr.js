// The lane link as a QR code, so phones at the table join by pointing their camera at it. The
// address must be one a phone can reach: the server's --public-url when it has one (GET
// /api/links), else, when this page was opened as localhost, one of the server's LAN addresses
// (a choice when it has several), else this page's own address. The code is drawn here as SVG
// from kazuhikoarase's qrcode-generator (vendored: scripts/vendor-web.sh).

import { qrcode } from '../../vendor/qrcode-generator.mjs';
import { h } from '../dom.js';

const SVG = 'http://www.w3.org/2000/svg';
let links = null;  // the server's answer, asked once a page load

/** {public_url, lan} from the server; {public_url: null, lan: []} if it cannot be had. */
export async function serverLinks() {
    if (links) return links;
    try {
        const res = await fetch('/api/links', { cache: 'no-store' });
        links = res.ok ? await res.json() : { public_url: null, lan: [] };
    } catch {
        links = { public_url: null, lan: [] };
    }
    return links;
}

/** The addresses to offer, best first (each ends with "/"). */
export function baseAddresses(l, loc = location) {
    if (l.public_url) return [l.public_url];
    const own = `${loc.origin}${loc.pathname}`;
    const local = ['localhost', '127.0.0.1', '[::1]', '::1'].includes(loc.hostname);
    return local && l.lan.length > 0 ? [...l.lan, own] : [own];
}

/** An SVG element of `text` as a QR code (error correction M, a quiet zone of 4 modules). */
export function qrSvg(text) {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const n = qr.getModuleCount();
    const size = n + 8;
    let d = '';
    for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
            if (qr.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
        }
    }
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', `QR code of ${text}`);
    svg.dataset.modules = String(n);
    const bg = document.createElementNS(SVG, 'rect');
    bg.setAttribute('width', String(size));
    bg.setAttribute('height', String(size));
    bg.setAttribute('fill', '#fff');
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    path.setAttribute('fill', '#000');
    svg.append(bg, path);
    return svg;
}

/** The panel: the QR code of the lane's link, the link itself, and the address choice. */
export function qrPanel(code, l) {
    const bases = baseAddresses(l);
    const box = h('div', { id: 'lane-qr', class: 'card-panel lane-qr' });
    const show = (base) => {
        const url = `${base}#/lane/${code}`;
        box.dataset.url = url;
        box.querySelector('.qr-art')?.replaceChildren(qrSvg(url));
        const a = box.querySelector('#lane-qr-link');
        if (a) {
            a.href = url;
            a.textContent = url;
        }
    };
    const select = bases.length > 1
        ? h('select', { id: 'lane-qr-base', 'aria-label': 'Address phones use',
                        on: { change: (ev) => show(ev.target.value) } },
            ...bases.map((b) => h('option', { value: b, text: b })))
        : null;
    box.append(...[h('h3', { text: 'Join from a phone' }),
                    h('div', { class: 'qr-art' }),
                    h('p', {}, h('a', { id: 'lane-qr-link' })),
                    select ? h('label', { class: 'field', for: 'lane-qr-base', text: 'Address phones use' }) : null,
                    select,
                    h('p', { class: 'muted', text: 'Point a phone\'s camera at the code; the phone must be on a ' +
                        'network that reaches this server.' })].filter(Boolean));
    show(bases[0]);
    return box;
}
