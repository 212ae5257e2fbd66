// The request path alone (issue 30), in about two minutes: the compiled app and a bare Fastify,
// each in its own process, loaded by autocannon in a third. The full bench runs the same comparison.
// Usage: npm run bench:path [-- --connections 32 --seconds 8]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { connectMongoose, withDatabaseName } from '../../server/src/db/connect';
import { startEmbeddedDatabase } from '../../server/src/db/embeddedFerret';
import { startCompiledServer } from '../../server/test/compiledServer';
import { seedBenchData } from './seed';
import { schoolReads } from './schoolReads';
import { compareWithBare, printComparison } from './saturatedReads';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const profileIndex = process.argv.indexOf('--profile');
const profileDir = profileIndex > 0 ? path.resolve(process.argv[profileIndex + 1]!) : undefined;
const options = { connections: arg('connections', 32), seconds: arg('seconds', 8) };

const dataDir = mkdtempSync(path.join(tmpdir(), 'tilsynsvakt-path-'));
const engine = process.env.MONGODB_URI ? undefined : await startEmbeddedDatabase(dataDir);
try {
  const databaseUri = withDatabaseName(process.env.MONGODB_URI ?? engine!.uri, `path_${Date.now()}`);
  await connectMongoose(databaseUri);
  const env = {
    NODE_ENV: 'production',
    MONGODB_URI: databaseUri,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'silent',
  };
  // --profile DIR: the app writes a CPU profile of the whole run there when it stops.
  const app = await startCompiledServer(env, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  try {
    const seeded = await seedBenchData(app.base);
    const reads = schoolReads({ supervisor: seeded.supervisorCookies[0]!, admin: seeded.adminCookie, caretaker: seeded.caretakerCookie });
    const only = process.argv.indexOf('--only');
    const chosen = only > 0 ? reads.filter((r) => r.path.startsWith(process.argv[only + 1]!)) : reads;
    printComparison(await compareWithBare(app.base, app.pid, chosen, options), options);
  } finally {
    await app.stop();
  }
  await mongoose.connection.dropDatabase();
  await mongoose.disconnect();
} finally {
  await engine?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
