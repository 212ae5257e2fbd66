import mongoose from 'mongoose';
import { ERASED_STUDENT } from '#protocol/students';
import { AuditModel } from '../src/features/audit/model';

type Statement = { q?: Record<string, unknown>; u?: unknown };

/**
 * The audit trail is append-only (issue 28): every test server watches, through the driver's
 * command monitoring (on with METRICS_TOKEN, as in production with metrics), each command that changes or removes entries, whichever route sent it. Two
 * are the product's own: a student's erasure redacts the entries whose target is the student (the
 * whole name, never a match inside text), and deleting a school removes its entries with the rest
 * of it. Anything else is reported when the server closes, and fails the test file.
 */
export interface AuditTrailWatch {
  rewrites: () => string[];
  stop: () => void;
  /** For a test of the operator's tools (backup, restore), which empty and fill the whole trail. */
  ignoreOperatorTools: () => void;
}

export function watchAuditTrail(): AuditTrailWatch {
  const client = mongoose.connection.getClient();
  // Without command events the guard would see nothing and pass everything.
  if (!client.options.monitorCommands)
    throw new Error('The audit trail guard needs command monitoring: a server with METRICS_TOKEN set (startTestServer sets it).');
  const collection = AuditModel.collection.collectionName;
  const rewrites: string[] = [];
  let ignoring = false;
  const listener = (event: { commandName: string; command: Record<string, unknown> }) => {
    const { commandName, command } = event;
    if (!ignoring && command[commandName] === collection && isRewrite(commandName, command))
      rewrites.push(`${commandName} ${JSON.stringify(command)}`);
  };
  client.on('commandStarted', listener);
  return {
    rewrites: () => [...rewrites],
    stop: () => void client.off('commandStarted', listener),
    ignoreOperatorTools: () => void (ignoring = true),
  };
}

/** A command on the trail that changes or removes entries, other than the product's two. */
function isRewrite(commandName: string, command: Record<string, unknown>): boolean {
  const statements = (key: 'updates' | 'deletes') => (command[key] as Statement[] | undefined) ?? [];
  if (commandName === 'update') return !statements('updates').every(isErasureRedaction);
  if (commandName === 'delete') return !statements('deletes').every(isSchoolRemoval);
  return commandName === 'findAndModify';
}

function isErasureRedaction({ q, u }: Statement): boolean {
  return (
    keysAre(q, ['schoolId', 'targetName']) &&
    typeof q!.targetName === 'string' &&
    JSON.stringify(u) === JSON.stringify({ $set: { targetName: ERASED_STUDENT } })
  );
}

function isSchoolRemoval({ q }: Statement): boolean {
  return keysAre(q, ['schoolId']) && q!.schoolId instanceof mongoose.Types.ObjectId;
}

function keysAre(filter: Record<string, unknown> | undefined, keys: string[]): boolean {
  return filter !== undefined && JSON.stringify(Object.keys(filter).sort()) === JSON.stringify([...keys].sort());
}
