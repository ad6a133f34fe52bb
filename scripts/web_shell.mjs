#!/usr/bin/env node
// The app shell the service worker caches (issue 30): every file of web/ but the service worker
// itself and the README, and a version that is a hash of their names and contents. Both are
// written into web/sw.js between its "<shell>" markers, the one place they live; a changed
// version is what makes browsers install the new shell (and drop the old) on their next visit.
//
//   node scripts/web_shell.mjs           # rewrite web/sw.js's shell list and version
//   node scripts/web_shell.mjs --check   # exit 1 when web/sw.js is not up to date
//
// Run it after any change under web/: tests/e2e/pwa.test.js fails while the list or the
// version in web/sw.js differs from what this script computes.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');
const SW = 'sw.js';
const LEFT_OUT = new Set([SW, 'README.md']);
const BEGIN = '// <shell>';
const END = '// </shell>';

/** The shell's files, relative to web/ with forward slashes, sorted; index.html is served as "./". */
export function shellFiles(dir = WEB_DIR) {
    const out = [];
    const walk = (rel) => {
        for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
            const name = rel ? `${rel}/${entry.name}` : entry.name;
            if (entry.name.startsWith('.')) continue;
            if (entry.isDirectory()) walk(name);
            else if (entry.isFile() && !LEFT_OUT.has(name)) out.push(name);
        }
    };
    walk('');
    return out.sort();
}

/** 16 hex characters of SHA-256 over each file's name and bytes, in the list's order. */
export function shellVersion(files, dir = WEB_DIR) {
    const hash = crypto.createHash('sha256');
    for (const file of files) {
        const bytes = fs.readFileSync(path.join(dir, file));
        hash.update(`${file}\0${bytes.length}\0`);
        hash.update(bytes);
    }
    return hash.digest('hex').slice(0, 16);
}

/** The block the script writes into sw.js. */
export function shellBlock(dir = WEB_DIR) {
    const files = shellFiles(dir);
    const urls = files.map((f) => (f === 'index.html' ? './' : f));
    return [
        `${BEGIN} written by scripts/web_shell.mjs: run it after changing web/, do not edit by hand`,
        `const VERSION = '${shellVersion(files, dir)}';`,
        'const SHELL = [',
        ...urls.map((u) => `    '${u}',`),
        '];',
        END,
    ].join('\n');
}

/** The shell block found in sw.js's text (null when the markers are missing). */
export function currentBlock(text) {
    const start = text.indexOf(BEGIN);
    const end = text.indexOf(END);
    return start < 0 || end < start ? null : text.slice(start, end + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const file = path.join(WEB_DIR, SW);
    const text = fs.readFileSync(file, 'utf8');
    const old = currentBlock(text);
    if (old === null) {
        console.error(`web/${SW} has no "${BEGIN}" ... "${END}" block`);
        process.exit(2);
    }
    const block = shellBlock();
    if (process.argv.includes('--check')) {
        if (old !== block) {
            console.error(`web/${SW} is out of date: run node scripts/web_shell.mjs`);
            process.exit(1);
        }
        process.exit(0);
    }
    fs.writeFileSync(file, text.replace(old, block));
    const files = shellFiles();
    const bytes = files.reduce((n, f) => n + fs.statSync(path.join(WEB_DIR, f)).size, 0);
    console.log(`web/${SW}: shell ${/VERSION = '(\w+)'/.exec(block)[1]}, ${files.length} files, ${bytes} bytes`);
}
