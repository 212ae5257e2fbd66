// The idle sockets' memory alone (issue 30), in a few minutes: the app (compiled, production
// settings, its own process) and a bare Socket.IO server (its own process, the same Node flags)
// each get the same signed-in sockets from a client process; resident memory per socket, the
// ratio and whether it meets the goal (socketMemory.ts). The full bench measures the same.
// Usage: npm run bench:sockets [-- --schools 100] (20 sockets a school: 2,000 by default).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { connectMongoose, withDatabaseName } from '../../server/src/db/connect';
import { startEmbeddedDatabase } from '../../server/src/db/embeddedFerret';
import { School, schoolNameKey } from '../../server/src/core/accounts/schoolModel';
import { UserModel } from '../../server/src/core/accounts/userModel';
import { startCompiledServer } from '../../server/test/compiledServer';
import { benchAppEnv } from './appEnv';
import { forkScript } from './child';
import { appSocketTargets, bareTargets } from './fanout';
import { writeReport } from './report';
import { compareSocketMemory, printSocketMemory } from './socketMemory';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SCHOOLS = arg('schools', 100);

/** Schools with an admin, a caretaker and two supervisors each (no password: the sessions are written directly). */
async function seedSchools(count: number) {
  const roles = ['Admin', 'Vaktmester', 'Tilsynsvakt', 'Tilsynsvakt'];
  const schools = await School.insertMany(
    Array.from({ length: count }, (_, i) => ({ name: `Skole ${i}`, nameKey: schoolNameKey(`Skole ${i}`), active: true })),
  );
  await UserModel.insertMany(
    schools.flatMap((school, s) =>
      roles.map((role, i) => ({
        name: `Ansatt ${i}`,
        email: `ansatt${i}@skole${s}.no`,
        passwordHash: 'x',
        role,
        status: 'approved',
        schoolId: school._id,
      })),
    ),
  );
  const admin = (await UserModel.findOne({ schoolId: schools[0]!._id, role: 'Admin' }, { _id: 1 }).lean())!;
  return { firstSchoolId: schools[0]!._id, adminId: admin._id };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'tilsynsvakt-bench-sockets-'));
const engine = process.env.MONGODB_URI ? undefined : await startEmbeddedDatabase(dataDir);
try {
  const databaseUri = withDatabaseName(process.env.MONGODB_URI ?? engine!.uri, `bench_sockets_${Date.now()}`);
  await connectMongoose(databaseUri);
  const sessionSecret = randomBytes(32).toString('hex');
  const { firstSchoolId, adminId } = await seedSchools(SCHOOLS);
  // 20 sockets of the first school's admin and 20 for each other school, as the fan-out's.
  const targets = await appSocketTargets(sessionSecret, 'http://placeholder', firstSchoolId, adminId);
  const clients = await forkScript('socketClients.ts');
  const memory = await compareSocketMemory({
    startApp: (env) => startCompiledServer({ ...benchAppEnv(databaseUri, sessionSecret), ...env }),
    clients,
    appTargets: (url) => targets.map((target) => ({ ...target, url })),
    bareTargets: (url) => bareTargets(url, targets),
  });
  clients.process.kill();
  printSocketMemory(memory);
  writeReport({ node: process.version, memoryPerIdleSocket: memory }, 'sockets');
  await mongoose.connection.dropDatabase();
  await mongoose.disconnect();
} finally {
  await engine?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
