#!/usr/bin/env node
// Draws Pinfall's app icons (issue 30, the installable web app) and writes them as PNG files
// into web/icons/: a white bowling pin with two red stripes and a blue ball on the top bar's
// navy. Plain Node: the shapes are sampled 4x4 per pixel for smooth edges, and the PNG is made
// by hand (IHDR, one IDAT deflated with node:zlib, IEND; CRC-32 below). Nothing is downloaded.
//
//   node scripts/make_icons.mjs            # from the repository root; rewrites web/icons/*.png
//
// icon-192.png and icon-512.png have rounded corners (purpose "any"); icon-maskable-512.png
// fills the square and keeps the drawing inside the central 80% circle that launchers may crop
// to (purpose "maskable"); apple-touch-icon.png (180) is square, as iOS rounds it itself.
// The output depends only on this file: running it again gives the same bytes.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/icons');
const NAVY = [0x17, 0x20, 0x3a];   // the top bar (css/app.css .topbar), the manifest's theme_color
const WHITE = [0xff, 0xff, 0xff];
const RED = [0xc6, 0x28, 0x28];    // the favicon's stripes
const BLUE = [0x24, 0x51, 0xb7];   // --accent
const HOLE = [0x0e, 0x16, 0x2b];
const SAMPLES = 4;                 // 4x4 samples a pixel

// The pin's body: its half width along its height (t = 0 top, 1 bottom), as a fraction of its
// height, from the neck down; the head is a circle (HEAD) on top of it.
const PROFILE = [
    [0.12, 0.08], [0.17, 0.064], [0.23, 0.06], [0.32, 0.09], [0.45, 0.16], [0.58, 0.19],
    [0.7, 0.18], [0.82, 0.15], [0.93, 0.115], [0.985, 0.1], [1.0, 0.0],
];
const HEAD = { t: 0.095, r: 0.095 };

/** Half width of the pin at t: the head's circle, or the body (Catmull-Rom through PROFILE). */
function pinHalfWidth(t) {
    if (t < 0 || t > 1) return -1;
    const head = HEAD.r ** 2 - (t - HEAD.t) ** 2;
    const headHalf = head > 0 ? Math.sqrt(head) : -1;
    if (t < PROFILE[0][0]) return headHalf;
    return Math.max(headHalf, bodyHalfWidth(t));
}

function bodyHalfWidth(t) {
    let i = 0;
    while (i < PROFILE.length - 2 && PROFILE[i + 1][0] < t) i++;
    const p = (k) => PROFILE[Math.max(0, Math.min(PROFILE.length - 1, k))];
    const [t1, y1] = p(i);
    const [t2, y2] = p(i + 1);
    const y0 = p(i - 1)[1];
    const y3 = p(i + 2)[1];
    const u = (t - t1) / (t2 - t1);
    const u2 = u * u;
    const u3 = u2 * u;
    return Math.max(0, 0.5 * (2 * y1 + (-y0 + y2) * u + (2 * y0 - 5 * y1 + 4 * y2 - y3) * u2 +
                              (-y0 + 3 * y1 - 3 * y2 + y3) * u3));
}

/**
 * The colour at (x, y) in a unit square (0..1 both ways), or null outside the icon.
 * scale shrinks the drawing about the centre (the maskable icon's safe zone); rounded: the
 * background's corners are cut.
 */
function colourAt(x, y, { scale, rounded }) {
    if (rounded) {
        const r = 0.18;
        const cx = Math.min(Math.max(x, r), 1 - r);
        const cy = Math.min(Math.max(y, r), 1 - r);
        if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return null;
    }
    // Drawing coordinates: the centre stays, the rest shrinks by scale.
    const dx = 0.5 + (x - 0.5) / scale;
    const dy = 0.5 + (y - 0.5) / scale;
    // The ball, lower right, in front of the pin.
    const bx = 0.66;
    const by = 0.7;
    const br = 0.2;
    const db = Math.hypot(dx - bx, dy - by);
    if (db <= br) {
        for (const [hx, hy, hr] of [[0.6, 0.63, 0.028], [0.68, 0.6, 0.028], [0.655, 0.685, 0.032]]) {
            if (Math.hypot(dx - hx, dy - hy) <= hr) return HOLE;
        }
        return BLUE;
    }
    // A navy ring around the ball separates it from the pin.
    if (db <= br + 0.025) return NAVY;
    // The pin: from 0.1 to 0.9 in height, centred at 0.4.
    const top = 0.1;
    const height = 0.8;
    const t = (dy - top) / height;
    const half = pinHalfWidth(t) * height;
    if (half > 0 && Math.abs(dx - 0.4) <= half) {
        if ((t > 0.205 && t < 0.235) || (t > 0.26 && t < 0.29)) return RED;
        return WHITE;
    }
    return NAVY;
}

/** RGBA pixels of a size x size icon. */
function draw(size, options) {
    const px = Buffer.alloc(size * size * 4);
    for (let j = 0; j < size; j++) {
        for (let i = 0; i < size; i++) {
            let r = 0;
            let g = 0;
            let b = 0;
            let a = 0;
            for (let sj = 0; sj < SAMPLES; sj++) {
                for (let si = 0; si < SAMPLES; si++) {
                    const c = colourAt((i + (si + 0.5) / SAMPLES) / size, (j + (sj + 0.5) / SAMPLES) / size, options);
                    if (!c) continue;
                    r += c[0];
                    g += c[1];
                    b += c[2];
                    a++;
                }
            }
            const o = (j * size + i) * 4;
            if (a > 0) {
                px[o] = Math.round(r / a);
                px[o + 1] = Math.round(g / a);
                px[o + 2] = Math.round(b / a);
            }
            px[o + 3] = Math.round((255 * a) / (SAMPLES * SAMPLES));
        }
    }
    return px;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
});

function crc32(buf) {
    let c = 0xffffffff;
    for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
}

/** A PNG of RGBA pixels: 8 bits a channel, colour type 6, no filter on any row. */
export function encodePng(size, rgba) {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(size, 0);
    ihdr.writeUInt32BE(size, 4);
    ihdr[8] = 8;   // bit depth
    ihdr[9] = 6;   // RGBA
    const rows = Buffer.alloc(size * (size * 4 + 1));
    for (let j = 0; j < size; j++) rgba.copy(rows, j * (size * 4 + 1) + 1, j * size * 4, (j + 1) * size * 4);
    return Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', ihdr),
        chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
        chunk('IEND', Buffer.alloc(0)),
    ]);
}

const ICONS = [
    { file: 'icon-192.png', size: 192, scale: 1, rounded: true },
    { file: 'icon-512.png', size: 512, scale: 1, rounded: true },
    // The safe zone of a maskable icon is the centred circle of 80% of its width: the pin and
    // ball reach about 0.45 of the width from the centre, so 0.85 keeps them inside it.
    { file: 'icon-maskable-512.png', size: 512, scale: 0.85, rounded: false },
    { file: 'apple-touch-icon.png', size: 180, scale: 0.92, rounded: false },
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    fs.mkdirSync(OUT, { recursive: true });
    for (const icon of ICONS) {
        const png = encodePng(icon.size, draw(icon.size, icon));
        fs.writeFileSync(path.join(OUT, icon.file), png);
        console.log(`web/icons/${icon.file}: ${icon.size}x${icon.size}, ${png.length} bytes`);
    }
}
