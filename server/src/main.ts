import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { runMigrations } from './db/migrations/runMigrations';
import { dropRetiredCollections } from './db/retiredCollections';
import { DataTooNewError } from './db/migrations/schemaVersion';
import { EmbeddedDatabaseUnavailable, engineName } from './db/engine';
import { buildApp } from './app';
import { finishSchoolDeletions } from './features/schools/service';
import { ensurePlatformAdmin } from './features/users/platformAdmin';
import { printDemoLogins } from './features/demo/printDemoLogins';
import { seedDemoData } from './features/demo/seedDemoData';
import { scheduleRetention } from './retention';

/** docker stop kills after 10 s: requests under way get this long, and the whole stop at most the limit. */
const SHUTDOWN_GRACE_MS = 3_000;
const SHUTDOWN_LIMIT_MS = 4_500;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await connectDatabase(config, (line) => console.log(line));
  // Before the server listens: no request may see data of a shape this code does not read.
  await runMigrations((line) => console.log(line));
  await dropRetiredCollections((line) => console.log(line));
  const app = await buildApp(config, database.embedded ? { embeddedDatabase: database.embedded } : {});

  const finished = await finishSchoolDeletions(app.realtime);
  if (finished > 0) app.log.warn(`fullførte ${finished === 1 ? 'en avbrutt sletting' : `${finished} avbrutte slettinger`} av skole`);
  if (config.platformAdmin) await ensurePlatformAdmin(config.platformAdmin.email, config.platformAdmin.password);
  const seeded = config.demoData ? await seedDemoData(app) : false;
  const stopExpiry = scheduleRetention(app.clock, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: stopper`);
    stopExpiry();
    // The live connections close first (realtime/attach.ts), the requests under way are answered;
    // a connection still open after the grace is cut, and the process ends within the limit whatever hangs.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.cookieSecure && !config.trustProxy) {
    app.log.warn(
      'COOKIE_SECURE er på uten TRUST_PROXY: bak en proxy som tar imot https må TRUST_PROXY være proxyens adresse, ellers nektes innlogging (docs/operations.md)',
    );
  }
  await app.listen({ host: config.host, port: config.port });
  const url = `http://localhost:${config.port}`;
  console.log(`\nTilsynsvakt kjører på ${url}`);
  console.log(`Database: ${engineName(config)}`);
  if (config.demoData) await printDemoLogins(url, seeded);
}

main().catch((err: unknown) => {
  if (err instanceof EmbeddedDatabaseUnavailable || err instanceof DataTooNewError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
