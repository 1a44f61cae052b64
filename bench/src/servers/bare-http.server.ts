import { createServer } from 'node:http';

// The baseline: the least work a Node.js HTTP server can do for a JSON answer.
const port = Number(process.env.BENCH_PORT);
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
}).listen(port, '127.0.0.1', () => process.send?.(`http://127.0.0.1:${port}/api/bench/noop`));
