import { startEmbeddedDatabase, type EmbeddedDatabase } from './embeddedFerret';

export type SupervisedDatabase = Omit<EmbeddedDatabase, 'exited'> & { readonly restarts: number };

/**
 * The embedded FerretDB, started again on the same port and data if it stops without being asked
 * to: the app's connection then finds it where it was, and nothing needs a restart of the app.
 * Writes the app answered with 2xx are in SQLite already; nothing of them is lost with the process.
 */
export async function startSupervisedDatabase(
  dataDir: string,
  log: (line: string) => void,
  options: { restartDelayMs?: number } = {},
): Promise<SupervisedDatabase> {
  const restartDelayMs = options.restartDelayMs ?? 1000;
  let current = await startEmbeddedDatabase(dataDir, log);
  const port = Number(new URL(current.uri).port);
  let stopping = false;
  let restarts = 0;

  const watch = (db: EmbeddedDatabase) => {
    void db.exited.then(async (code) => {
      if (stopping || db !== current) return;
      log(`Databasen (FerretDB) stoppet uventet (kode ${code}); starter den igjen på port ${port}.`);
      for (let attempt = 0; !stopping; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, attempt === 0 ? restartDelayMs : Math.min(10_000, restartDelayMs * 2 ** attempt)));
        if (stopping) return;
        try {
          current = await startEmbeddedDatabase(dataDir, log, port);
          restarts += 1;
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
    get pid() {
      return current.pid;
    },
    get restarts() {
      return restarts;
    },
    stop: async () => {
      stopping = true;
      await current.stop();
    },
  };
}
