import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Fails when the Drizzle schema has changes no committed migration holds: drizzle-kit
 * generates into a copy of the migrations folder, and any new file there is drift.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committed = path.join(serverDir, 'migrations');
const scratch = await mkdtemp(path.join(tmpdir(), 'clearway-migrations-'));
try {
  await cp(committed, scratch, { recursive: true });
  const before = new Set(await readdir(scratch));
  execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'drift'], {
    cwd: serverDir,
    env: { ...process.env, MIGRATIONS_OUT: scratch },
    stdio: 'pipe',
  });
  const added = (await readdir(scratch)).filter((f) => !before.has(f));
  if (added.length > 0) {
    console.error(
      `Schema and migrations have drifted apart; run \`npm run db:generate\`. New: ${added.join(', ')}`,
    );
    process.exit(1);
  }
  console.log('Migrations match the schema.');
} finally {
  await rm(scratch, { recursive: true, force: true });
}
