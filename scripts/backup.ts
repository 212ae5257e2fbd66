// Usage: npm run backup -- <file> [--school <id>]
// Writes a compressed archive of everything (or one school) while the app runs; see docs/operations.md.
import { loadConfig } from '../server/src/config';
import { backupToFile } from '../server/src/db/backup/backup';
import { whereTheDataIs } from '../server/src/db/engine';
import { connectForTool } from '../server/src/db/toolConnection';

const args = process.argv.slice(2);
const schoolAt = args.indexOf('--school');
const schoolId = schoolAt >= 0 ? args[schoolAt + 1] : undefined;
const file = args.find((arg, i) => !arg.startsWith('--') && (schoolAt < 0 || i !== schoolAt + 1));
if (!file || (schoolAt >= 0 && !/^[0-9a-f]{24}$/i.test(schoolId ?? ''))) {
  console.error('Bruk: npm run backup -- <fil> [--school <skole-id>]');
  process.exit(2);
}
const config = loadConfig();
const opened = whereTheDataIs(config);
const database = await connectForTool(config, console.log, { mustExist: true }).catch((err: Error) => {
  console.error(`Sikkerhetskopien feilet: ${err.message}. Ingen sikkerhetskopi er skrevet.`);
  process.exit(1);
});
try {
  const documents = await backupToFile(file, { ...(schoolId ? { schoolId } : {}), progress: console.log, key: config.backupKey });
  console.log(
    `Sikkerhetskopi skrevet til ${file}: ${documents} dokument(er)${config.backupKey ? ', signert med BACKUP_KEY' : ' (usignert: BACKUP_KEY er ikke satt)'}.`,
  );
} catch (err) {
  console.error(`Sikkerhetskopien feilet (${opened}): ${(err as Error).message}.`);
  process.exitCode = 1;
} finally {
  await database.close();
}
