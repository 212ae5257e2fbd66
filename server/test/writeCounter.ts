import mongoose from 'mongoose';

type Started = { requestId: number; commandName: string; command: Record<string, unknown> };
type Succeeded = { requestId: number; commandName: string; reply: Record<string, unknown> };
type Reply = { n?: number; nModified?: number; upserted?: unknown[]; lastErrorObject?: { n?: number } };

/** How many documents a write command changed, from the server's reply. */
function changedBy(commandName: string, reply: Reply): number {
  switch (commandName) {
    case 'insert':
    case 'delete':
      return reply.n ?? 0;
    case 'update':
      return (reply.nModified ?? 0) + (reply.upserted?.length ?? 0);
    case 'findAndModify':
      return reply.lastErrorObject?.n ?? 0;
    default:
      return 0;
  }
}

/**
 * Counts the documents every write to the database changed, from the driver's command events (a
 * test server monitors its commands: testServer.ts): whatever path the app wrote by, a model's
 * hooks or its collection, in the app's database or a school's. `except` names collections that
 * are the server's own bookkeeping. Stopped with `stop`.
 */
export function countWrites(except: readonly string[] = []): { count: () => number; stop: () => void } {
  const client = mongoose.connection.getClient();
  if (!client.options.monitorCommands) throw new Error('Counting writes needs command monitoring: a server with METRICS_TOKEN set.');
  const counted = new Set<number>();
  let writes = 0;
  const started = ({ requestId, commandName, command }: Started) => {
    if (changedBy(commandName, { n: 1, nModified: 1, lastErrorObject: { n: 1 } }) === 0) return;
    if (!except.includes(String(command[commandName]))) counted.add(requestId);
  };
  const succeeded = ({ requestId, commandName, reply }: Succeeded) => {
    if (counted.delete(requestId)) writes += changedBy(commandName, reply as Reply);
  };
  client.on('commandStarted', started);
  client.on('commandSucceeded', succeeded);
  return {
    count: () => writes,
    stop: () => {
      client.off('commandStarted', started);
      client.off('commandSucceeded', succeeded);
    },
  };
}
