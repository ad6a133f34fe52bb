// pinfall bench peer: a boardgame.io server (npm boardgame.io, pinned in ../package-lock.json)
// serving the game of game.mjs: Bowling Solitaire practice games with Pinfall's rules through
// the browser's engine, the deals kept secret by playerView, every move validated.
//
// Contract: `node bgio/server.mjs [port]` listens on 127.0.0.1:port (0 or absent: a free port)
// with boardgame.io's Lobby API (HTTP: create a match, join it) and its socket.io transport, and
// prints "listening on port N" on stdout; runs until SIGINT/SIGTERM. Storage is boardgame.io's
// default in-memory one. NODE_ENV is production unless set (as a deployment runs it: no debug
// logging, no JSON-serializability walk of G after every move).
import { createRequire } from 'node:module';

process.env.NODE_ENV ??= 'production';
// boardgame.io's subpath packages (boardgame.io/server, ...) resolve through require only.
const { Server } = createRequire(import.meta.url)('boardgame.io/server');
const { PinfallGame } = await import('./game.mjs');

const port = Number(process.argv[2] || 0);
const server = Server({ games: [PinfallGame], origins: [/.*/] });
const running = await server.run({ port, callback: () => {} });
process.stdout.write('listening on port ' + running.appServer.address().port + '\n');

function stop() {
    server.kill(running);
    setTimeout(() => process.exit(0), 200).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
