// Usage: npm run restore -- <file>
// Brings an archive back: the whole platform into an empty database, or one school into a running platform.
import { loadConfig } from '../server/src/config';
import { ArchiveRefused } from '../server/src/db/backup/archiveFormat';
import { restoreFromFile } from '../server/src/db/backup/restore';
import { connectForTool } from '../server/src/db/toolConnection';

const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('Bruk: npm run restore -- <fil>');
  process.exit(2);
}
const database = await connectForTool(loadConfig(), console.log);
try {
  const { schoolId, documents } = await restoreFromFile(file, { progress: console.log });
  console.log(schoolId ? `Skolen ${schoolId} er gjenopprettet (${documents} dokument(er)).` : `Alt er gjenopprettet (${documents} dokument(er)).`);
} catch (err) {
  console.error(err instanceof ArchiveRefused ? err.message : `Gjenopprettingen feilet: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
