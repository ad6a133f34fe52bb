#!/usr/bin/env node
// The app shell (issue 30): its size (the files the service worker caches, raw and each one
// gzipped at level 9, as a compressing proxy would serve them: pinfall-server sends them raw) and
// its load time from pinfall-server on loopback, in Debian's headless Chromium (playwright-core
// from tests/e2e): a cold first visit (a fresh profile: empty HTTP cache, no service worker),
// a second visit served by the service worker, and a reload with the network off. Each run opens
// a fresh browser profile; RUNS runs, p50 and p99 (nearest rank). Times are from the
// navigation's start to the load event, and to the app ready (the first screen drawn: after the
// server's welcome online, the offline page offline). Prints the "App shell" section of
// docs/benchmarks.md on stdout.
//
// Usage: node bench/shell_load.mjs <pinfall-server binary> [runs]   (bench/shell.sh, bench/run shell)

import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

import { shellFiles, shellVersion, WEB_DIR } from '../scripts/web_shell.mjs';
import { launchBrowser } from '../tests/e2e/lib/browser.js';
import { startServer } from '../tests/e2e/lib/server.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = process.argv[2];
const RUNS = Number(process.argv[3] ?? process.env.SHELL_RUNS ?? 10);
if (!bin) {
    console.error('usage: node bench/shell_load.mjs <pinfall-server binary> [runs]');
    process.exit(2);
}
process.env.PINFALL_SERVER_BIN = path.resolve(bin);
process.env.PINFALL_WEB_DIR = WEB_DIR;

const log = (text) => process.stderr.write(`shell_load: ${text}\n`);
const thousands = (n) => Math.round(n).toLocaleString('en-US');
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n) => `${n.toFixed(0)} ms`;

/** Nearest-rank percentile of numbers. */
function percentile(values, p) {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

// --- Size -------------------------------------------------------------------------------------
const files = shellFiles();
const kinds = { js: ['.js', '.mjs'], css: ['.css'], html: ['.html', '.webmanifest', '.svg'], png: ['.png'] };
const size = { all: { n: 0, raw: 0, gz: 0 } };
for (const k of Object.keys(kinds)) size[k] = { n: 0, raw: 0, gz: 0 };
for (const file of files) {
    const bytes = fs.readFileSync(path.join(WEB_DIR, file));
    const gz = zlib.gzipSync(bytes, { level: 9 }).length;
    const kind = Object.keys(kinds).find((k) => kinds[k].some((ext) => file.endsWith(ext))) ?? 'html';
    for (const k of ['all', kind]) {
        size[k].n++;
        size[k].raw += bytes.length;
        size[k].gz += gz;
    }
}

// --- Load times -------------------------------------------------------------------------------
const READY = () => document.body.dataset.screen !== 'loading' && document.body.dataset.busy === '0';
const OFFLINE_READY = () => document.body.dataset.screen === 'offline';

/** Navigation timing of the page's current document, and the moment `ready` held. */
async function timing(page, ready) {
    await page.waitForFunction(ready, null, { timeout: 30000 });
    const readyAt = await page.evaluate(() => performance.now());
    await page.waitForFunction(() => performance.getEntriesByType('navigation')[0]?.loadEventEnd > 0);
    return page.evaluate((readyAt) => {
        const nav = performance.getEntriesByType('navigation')[0];
        const resources = performance.getEntriesByType('resource');
        return {
            load: nav.loadEventEnd - nav.startTime,
            ready: readyAt - nav.startTime,
            requests: resources.length + 1,
            bytes: nav.encodedBodySize + resources.reduce((n, r) => n + r.encodedBodySize, 0),
            worker: nav.workerStart > 0,
        };
    }, readyAt);
}

const server = await startServer();
const runs = { cold: [], warm: [], offline: [] };
try {
    for (let i = 0; i < RUNS; i++) {
        const browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
        try {
            const page = await browser.context.newPage();
            await page.goto(server.url, { waitUntil: 'load' });
            runs.cold.push(await timing(page, READY));
            await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30000 });
            await page.reload({ waitUntil: 'load' });
            runs.warm.push(await timing(page, READY));
            await browser.context.setOffline(true);
            await page.reload({ waitUntil: 'load' });
            runs.offline.push(await timing(page, OFFLINE_READY));
        } finally {
            await browser.close();
        }
        log(`run ${i + 1}/${RUNS}: cold ${ms(runs.cold.at(-1).load)}, warm ${ms(runs.warm.at(-1).load)}, ` +
            `offline ${ms(runs.offline.at(-1).load)}`);
    }
} finally {
    await server.stop();
}
for (const [name, list] of Object.entries(runs)) {
    if (name !== 'cold' && !list.every((r) => r.worker)) throw new Error(`a ${name} visit did not go through the service worker`);
}

// --- The section --------------------------------------------------------------------------------
let tree = 'unknown';
try {
    tree = execSync('git describe --always --dirty', { cwd: ROOT, encoding: 'utf8' }).trim();
} catch {
    // not a checkout
}
const now = new Date().toISOString().slice(0, 16).replace('T', ' ');
const load = os.loadavg().map((x) => x.toFixed(2)).join(' ');
let chromium = 'chromium';
try {
    chromium = execSync(`${process.env.PINFALL_CHROMIUM || '/usr/bin/chromium'} --version`,
                        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().replace(/ built on .*/, '');
} catch {
    // the version stays unnamed
}
const row = (label, list, key) => `| ${label} | ${ms(percentile(list.map((r) => r[key]), 50))} | ${ms(percentile(list.map((r) => r[key]), 99))} |`;
const cold = runs.cold;
const out = [
    '## App shell',
    '',
    `Measured ${now} UTC on ${os.cpus().length} CPUs, load average ${load} at the end; tree \`${tree}\`; ${chromium} headless.`,
    '',
    'Command: `bench/run shell` (`node bench/shell_load.mjs <build>/server/pinfall-server`). The',
    `shell is what web/sw.js caches (version \`${shellVersion(files)}\`, listed by scripts/web_shell.mjs):`,
    'every file of web/ but sw.js and README.md. gzip is each file alone at level 9, what a',
    'compressing proxy would send; pinfall-server sends them as they are.',
    '',
    '| Files | Count | Bytes | gzip -9 |',
    '|---|---|---|---|',
    ...[['JavaScript modules', 'js'], ['Stylesheets', 'css'], ['HTML, manifest, SVG', 'html'], ['PNG icons', 'png'],
        ['**The shell**', 'all']].map(([label, k]) => `| ${label} | ${size[k].n} | ${thousands(size[k].raw)} (${kib(size[k].raw)}) | ${thousands(size[k].gz)} (${kib(size[k].gz)}) |`),
    '',
    `Load from pinfall-server on loopback at 390x844, ${RUNS} runs, each in a fresh browser profile. A cold`,
    `first visit makes ${percentile(cold.map((r) => r.requests), 50)} requests for ` +
        `${kib(percentile(cold.map((r) => r.bytes), 50))} (the page, its modules one by one, stylesheets, icons;`,
    'no bundler), then the service worker fetches the whole shell in the background. "App ready" is',
    'the first screen drawn: the landing page after the server\'s welcome (the WebSocket, hello and',
    'the first requests included), or offline the page that offers practice.',
    '',
    '| Visit | p50 | p99 |',
    '|---|---|---|',
    row('Cold (empty cache, no worker): to the load event', runs.cold, 'load'),
    row('Cold: to the app ready', runs.cold, 'ready'),
    row('Second visit (from the service worker): to the load event', runs.warm, 'load'),
    row('Second visit: to the app ready', runs.warm, 'ready'),
    row('Reload with the network off: to the load event', runs.offline, 'load'),
    row('Reload with the network off: to the offline page', runs.offline, 'ready'),
];
console.log(out.join('\n'));
