// The roll call's part of the bench on its own (issue 47): `npm run bench:roll [-- --runs 3]`.
// 600 boarders in 10 houses counted by 10 phones at once; the app against a bare Socket.IO relay.
import mongoose from 'mongoose';
import { randomBytes } from 'node:crypto';
import { connectMongoose, withDatabaseName } from '../../server/src/db/connect';
import { startThrowawayDatabaseServer } from '../../server/src/db/engine';
import { startCompiledServer } from '../../server/test/compiledServer';
import { benchAppEnv } from './appEnv';
import { benchRollCall, printRollCall } from './rollCall';
import { seedBenchData } from './seed';

const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;

const engine = await startThrowawayDatabaseServer();
try {
  const databaseUri = withDatabaseName(engine.uri, `bench_roll_${Date.now()}`);
  await connectMongoose(databaseUri);
  const app = await startCompiledServer(benchAppEnv(databaseUri, randomBytes(32).toString('hex')));
  try {
    const { adminCookie, supervisorCookies } = await seedBenchData(app.base);
    printRollCall(await benchRollCall({ base: app.base, adminCookie, supervisorCookies, runs }));
  } finally {
    await app.stop();
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  }
} finally {
  await engine.stop();
}
