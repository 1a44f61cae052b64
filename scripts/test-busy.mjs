// `npm run test:busy`: the whole `npm test` while one core is kept busy, as on a CI machine
// shared with other work. Races that a quiet machine hides (reading a page before its data
// has come) show up here. The busy loop is a separate process, bounded twice: it stops when
// the suite ends, and on its own after TEST_BUSY_MAX_MINUTES (default 60) or when this
// script is gone — it never outlives the run. Exits with `npm test`'s code.
import { spawn } from 'node:child_process';

const maxMinutes = Number(process.env.TEST_BUSY_MAX_MINUTES ?? 60);
if (!(maxMinutes > 0)) {
  console.error(`TEST_BUSY_MAX_MINUTES must be a positive number, not ${process.env.TEST_BUSY_MAX_MINUTES}`);
  process.exit(2);
}

// Spins one core until the deadline, looking up every 50 ms whether its parent still runs
// (a busy loop never returns to the event loop, so it cannot wait for a message instead).
const LOOP = `
const parent = process.ppid;
const deadline = Date.now() + ${Math.round(maxMinutes * 60_000)};
let check = 0;
for (;;) {
  const now = Date.now();
  if (now >= deadline) process.exit(0);
  if (now >= check) {
    check = now + 50;
    if (process.ppid !== parent) process.exit(0);
  }
}`;

const started = Date.now();
const busy = spawn(process.execPath, ['-e', LOOP], { stdio: 'ignore' });
console.log(`test:busy: one core kept busy (pid ${busy.pid}, at most ${maxMinutes} min) while npm test runs`);

// `npm run` says which npm runs it; run the same one.
const npm = process.env.npm_execpath
  ? spawn(process.execPath, [process.env.npm_execpath, 'test'], { stdio: 'inherit' })
  : spawn('npm', ['test'], { stdio: 'inherit' });

const stopBusy = () => {
  if (busy.exitCode === null && busy.signalCode === null) busy.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    npm.kill(signal);
    stopBusy();
  });
}
busy.on('exit', (code, signal) => {
  if (npm.exitCode === null && signal === null)
    console.warn(`test:busy: the busy loop ended on its own (code ${code}) before the suite did`);
});

npm.on('exit', (code, signal) => {
  stopBusy();
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`test:busy: npm test ${code === 0 ? 'passed' : 'failed'} in ${minutes} min`);
  process.exit(code ?? (signal ? 1 : 0));
});
