// The peer: a boardgame.io Server (in memory) with our two bench games, on 127.0.0.1 only.
//   node server.js PORT     (boardgame.io resolved from NODE_PATH, installed by bench/peer.py)
// Prints "peer on PORT" once it listens.
const { Server, Origins } = require('boardgame.io/server');
const sealed = require('./sealed.js');
const bluff = require('./bluff.js');

const port = Number(process.argv[2]);
const server = Server({ games: [sealed, bluff], origins: [Origins.LOCALHOST] });
// This release's run() listens on every interface; the bench binds loopback only.
const listen = server.app.listen;
server.app.listen = (p, callback) => listen.call(server.app, p, '127.0.0.1', callback);
server.run(port, () => console.log(`peer on ${port}`));
