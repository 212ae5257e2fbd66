// The exports' part of the bench on its own (issue 31): `npm run bench:exports`. The app runs as
// production runs it (compiled, plain node) in a process of its own on the embedded database.
import mongoose from 'mongoose';
import { randomBytes } from 'node:crypto';
import { connectMongoose, withDatabaseName } from '../../server/src/db/connect';
import { startThrowawayDatabaseServer } from '../../server/src/db/engine';
import { startCompiledServer } from '../../server/test/compiledServer';
import { benchAppEnv } from './appEnv';
import { benchExports } from './exports';

const engine = await startThrowawayDatabaseServer();
try {
  const databaseUri = withDatabaseName(engine.uri, `bench_exports_${Date.now()}`);
  await connectMongoose(databaseUri);
  const app = await startCompiledServer(benchAppEnv(databaseUri, randomBytes(32).toString('hex')));
  try {
    for (const line of (await benchExports(app.base)).lines) console.log(line);
  } finally {
    await app.stop();
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  }
} finally {
  await engine.stop();
}
