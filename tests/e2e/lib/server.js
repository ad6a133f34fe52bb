// Starts the real pinfall-server binary on a free port for one test file, and stops it.
// PINFALL_SERVER_BIN names the binary, PINFALL_WEB_DIR the browser client it serves.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';

const START_TIMEOUT_MS = 15000;

/**
 * The server reads every PINFALL_<NAME> variable as its --<name> flag and refuses names it does
 * not know, so the test's own variables (PINFALL_SERVER_BIN, ...) must not reach it.
 */
function serverEnv() {
    return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PINFALL_')));
}

/**
 * options: {clockStart: RFC 3339 instant for --clock-start, dir: a data folder to reuse (the
 * database and secret of an earlier server, to restart on them), port: a fixed port (the same
 * origin keeps the browser's localStorage across a restart), extraArgs: more server flags,
 * webDir: the browser client to serve instead of PINFALL_WEB_DIR (a changed copy, to deploy
 * a new version)}.
 * stop({keep: true}) leaves the folder for such a restart.
 */
export async function startServer({ clockStart = null, dir: reuse = null, port: fixedPort = 0, extraArgs = [],
                                   webDir = null } = {}) {
    const bin = process.env.PINFALL_SERVER_BIN;
    const web = webDir ?? process.env.PINFALL_WEB_DIR;
    if (!bin || !web) {
        throw new Error('set PINFALL_SERVER_BIN (the pinfall-server binary) and PINFALL_WEB_DIR ' +
                        '(the web/ folder); tests/e2e/run.sh gets both from ctest');
    }
    const dir = reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pinfall-e2e-server-'));
    if (!reuse) fs.writeFileSync(path.join(dir, 'secret'), 'e2e-secret\n');
    const args = [
        '--port', String(fixedPort), '--bind', '127.0.0.1', '--secret-file', path.join(dir, 'secret'),
        '--db', path.join(dir, 'db'), '--static-dir', web, '--msg-rate', '0',
    ];
    if (clockStart) args.push('--clock-start', clockStart);
    args.push(...extraArgs);
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], env: serverEnv() });
    let log = '';
    child.stderr.on('data', (d) => { log += d; });

    const port = await new Promise((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)),
                                 START_TIMEOUT_MS);
        child.stdout.on('data', (d) => {
            out += d;
            const m = /listening on port (\d+)/.exec(out);
            if (m) {
                clearTimeout(timer);
                resolve(Number(m[1]));
            }
        });
        child.on('exit', (code) => {
            clearTimeout(timer);
            reject(new Error(`server exited with ${code} before listening:\n${log}`));
        });
    });

    return {
        port,
        dir,
        url: `http://127.0.0.1:${port}/`,
        log: () => log,
        async stop({ keep = false } = {}) {
            if (child.exitCode === null) {
                child.kill('SIGTERM');
                await once(child, 'exit');
            }
            if (!keep) fs.rmSync(dir, { recursive: true, force: true });
        },
    };
}
