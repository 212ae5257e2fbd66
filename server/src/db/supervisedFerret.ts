import { rm, writeFile } from 'node:fs/promises';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embeddedFerret';

export type SupervisedDatabase = Omit<EmbeddedDatabase, 'exited' | 'pid'> & { readonly restarts: number };

export type SupervisionOptions = {
  /** How long it stays down before it is started again (then doubling while starts fail, up to 10 s or this if longer). */
  restartDelayMs: number;
  /** Names the running FerretDB's process id, for the operator (written at each start, removed at stop). */
  pidFile: string;
};

/**
 * The embedded FerretDB, started again on the same port and data if it stops without being asked
 * to: the app's connection then finds it where it was, and nothing needs a restart of the app.
 * Writes the app answered with 2xx are in SQLite already; nothing of them is lost with the process.
 */
export async function startSupervisedDatabase(
  dataDir: string,
  log: (line: string) => void,
  { restartDelayMs, pidFile }: SupervisionOptions,
): Promise<SupervisedDatabase> {
  // The pid file is for the operator: without it the database runs on.
  const notePid = (db: EmbeddedDatabase) =>
    writeFile(pidFile, `${db.pid}\n`).catch((err: unknown) => log(`Kunne ikke skrive ${pidFile} (${(err as Error).message}).`));
  let current = await startEmbeddedDatabase(dataDir, log);
  await notePid(current);
  const port = Number(new URL(current.uri).port);
  let stopping = false;
  let restarts = 0;

  const watch = (db: EmbeddedDatabase) => {
    void db.exited.then(async (code) => {
      if (stopping || db !== current) return;
      log(`Databasen (FerretDB) stoppet uventet (kode ${code}); starter den igjen på port ${port}.`);
      for (let attempt = 0; !stopping; attempt++) {
        await new Promise((resolve) =>
          setTimeout(resolve, attempt === 0 ? restartDelayMs : Math.min(Math.max(10_000, restartDelayMs), restartDelayMs * 2 ** attempt)),
        );
        if (stopping) return;
        try {
          current = await startEmbeddedDatabase(dataDir, log, port);
          restarts += 1;
          await notePid(current);
          watch(current);
          return;
        } catch (err) {
          log(`Databasen startet ikke igjen (${(err as Error).message}); prøver på nytt.`);
        }
      }
    });
  };
  watch(current);

  return {
    uri: current.uri,
    get restarts() {
      return restarts;
    },
    stop: async () => {
      stopping = true;
      await current.stop();
      await rm(pidFile, { force: true });
    },
  };
}
