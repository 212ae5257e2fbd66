// Usage: npm run restore -- <file>
// Brings an archive back: the whole platform into an empty database, or one school into a running platform.
import { loadConfig } from '../server/src/config';
import { ArchiveRefused, verifyArchive } from '../server/src/db/backup/archiveFormat';
import { restoreFromFile } from '../server/src/db/backup/restore';
import { embeddedFoldersBefore } from '../server/src/db/engine';
import { connectForTool } from '../server/src/db/toolConnection';

const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('Bruk: npm run restore -- <fil>');
  process.exit(2);
}
const config = loadConfig();
const say = (err: unknown) =>
  console.error(err instanceof ArchiveRefused ? err.message : `Gjenopprettingen feilet: ${(err as Error).message}`);

// A damaged, foreign or unsigned archive is refused before any database is opened or started.
try {
  await verifyArchive(file, config.backupKey);
} catch (err) {
  say(err);
  process.exit(1);
}
const folders = await embeddedFoldersBefore(config);
const database = await connectForTool(config, console.log);
let failed = false;
try {
  const { schoolId, documents } = await restoreFromFile(file, { progress: console.log, key: config.backupKey });
  console.log(
    schoolId ? `Skolen ${schoolId} er gjenopprettet (${documents} dokument(er)).` : `Alt er gjenopprettet (${documents} dokument(er)).`,
  );
} catch (err) {
  say(err);
  failed = true;
} finally {
  await database.close();
}
if (failed) {
  // Refused or undone: a data folder this restore's own start of the engine made is taken away too.
  await folders.removeIfCreated();
  process.exitCode = 1;
}
