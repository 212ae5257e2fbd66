// The Web Push part of the bench on its own (issue 32): `npm run bench:push [-- --rate 50]`. The
// app runs as production runs it (compiled, plain node) in a process of its own on the embedded database.
import mongoose from 'mongoose';
import { randomBytes } from 'node:crypto';
import { connectMongoose, withDatabaseName } from '../../server/src/db/connect';
import { startThrowawayDatabaseServer } from '../../server/src/db/engine';
import { startCompiledServer } from '../../server/test/compiledServer';
import { benchAppEnv } from './appEnv';
import { benchPush } from './push';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

const engine = await startThrowawayDatabaseServer();
try {
  const databaseUri = withDatabaseName(engine.uri, `bench_push_${Date.now()}`);
  await connectMongoose(databaseUri);
  const sessionSecret = randomBytes(32).toString('hex');
  const app = await startCompiledServer(benchAppEnv(databaseUri, sessionSecret));
  try {
    const { lines } = await benchPush({
      base: app.base,
      sessionSecret,
      perSecond: arg('rate', 50),
      casesPerPhase: arg('cases', 300),
      phases: arg('phases', 6),
    });
    for (const line of lines) console.log(line);
  } finally {
    await app.stop();
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  }
} finally {
  await engine.stop();
}
