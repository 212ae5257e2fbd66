// The live write's part of the bench on its own (issue 42): `npm run bench:fanout [-- --runs 3
// --writes 400 --concurrency 8 --rate 50 --schools 100 --profile DIR]`. A case sent over REST
// reaches the 20 sockets of its school among the sockets of every other school; the app against a
// bare Socket.IO server that makes the same insert in the same engine, paced in turns and flat out.
// With --profile the app writes a CPU profile of its own (node --cpu-prof) into DIR.
import mongoose from 'mongoose';
import { randomBytes } from 'node:crypto';
import { connectMongoose, withDatabaseName } from '../../server/src/db/connect';
import { startThrowawayDatabaseServer } from '../../server/src/db/engine';
import { hashPassword } from '../../server/src/core/accounts/passwords';
import { School, schoolNameKey } from '../../server/src/core/accounts/schoolModel';
import { UserModel } from '../../server/src/core/accounts/userModel';
import { startCompiledServer } from '../../server/test/compiledServer';
import { benchAppEnv } from './appEnv';
import { benchFanout, dropBareStore } from './fanout';
import { seedOtherSchools } from './otherSchools';
import { seedBenchData } from './seed';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const profileAt = process.argv.indexOf('--profile');
const profileDir = profileAt > 0 ? process.argv[profileAt + 1] : undefined;
const RUNS = arg('runs', 3);

const engine = await startThrowawayDatabaseServer();
try {
  const databaseUri = withDatabaseName(engine.uri, `bench_fanout_${Date.now()}`);
  await connectMongoose(databaseUri);
  const sessionSecret = randomBytes(32).toString('hex');
  const app = await startCompiledServer(
    benchAppEnv(databaseUri, sessionSecret),
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  try {
    const { supervisorCookies } = await seedBenchData(app.base);
    await seedOtherSchools(arg('schools', 100), await hashPassword('passord123'));
    const benchSchool = (await School.findOne({ nameKey: schoolNameKey('Benk skole') }, { _id: 1 }).lean())!;
    const benchAdmin = (await UserModel.findOne({ email: 'admin@benk.no' }, { _id: 1 }).lean())!;
    for (let run = 1; run <= RUNS; run++) {
      const fanout = await benchFanout({
        base: app.base,
        sessionSecret,
        benchSchoolId: benchSchool._id,
        adminId: benchAdmin._id,
        supervisorCookie: supervisorCookies[0]!,
        writes: arg('writes', 400),
        concurrency: arg('concurrency', 8),
        perSecond: arg('rate', 50),
        databaseUri,
      });
      const { app: appFlat, bare, bareWithWrite } = fanout.flatOut;
      const line = (name: string, d: typeof appFlat) =>
        `  ${name.padEnd(28)} p50 ${d.p50.toFixed(1).padStart(6)} ms  p99 ${d.p99.toFixed(1).padStart(6)} ms  ${d.writesPerSecond.toFixed(0).padStart(5)} writes/s  lost ${d.lost}`;
      console.log(`Run ${run}: ${fanout.sockets} sockets, ${fanout.listening} listening, ${fanout.flatOut.concurrency} writes in flight`);
      console.log(line('app', appFlat));
      console.log(line('bare Socket.IO with insert', bareWithWrite));
      console.log(line('bare Socket.IO, no insert', bare));
      console.log(
        `  app vs bare with insert: p99 ${fanout.ratios.flatOutP99VsBareWithWrite}× (goal ≤ 1.25), writes/s ${fanout.ratios.writesPerSecondVsBareWithWrite} (goal ≥ 0.8); paced at ${fanout.perSecond}/s p99 ${fanout.ratios.p99VsBareWithWrite}×`,
      );
    }
  } finally {
    await app.stop();
    await dropBareStore(databaseUri);
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  }
} finally {
  await engine.stop();
}
