// Resident memory per idle socket (issue 30): the app against a bare Socket.IO server, each in a
// process of its own, both compiled and started by plain node with the same flags; the socket
// clients in a third process. Each server: resident memory (VmRSS) before its sockets connect (its
// heap collected first) and SETTLE_MS after the last one did (what the kernel counts, the handshakes' garbage included),
// then what the sockets keep after a full collection (through the inspector), for the why.
import { cpuSeconds } from './processCpu';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { freePort } from '../../server/test/compiledServer';
import { projectRoot } from '../../server/src/projectRoot';
import { residentBytes, type Child } from './child';
import { probeMemory, type HeapSpaces } from './retainedMemory';
import { ratio } from './measure';
import type { Target } from './socketClients';

/** The reading: resident memory this long after the last socket connected. */
export const SETTLE_MS = 5000;
/** The goal: the app's resident memory per idle socket at most this many times the bare server's. */
export const GOAL_VS_BARE = 1.5;

/**
 * Neither server is read before this long after its start, nor before it has been idle for a
 * second: the app's first health-data expiry runs 10 s after start (sick/retention.ts) and
 * compiles a model per school; read across it, 100 schools' worth counted as the sockets' (about
 * 5 KB a socket in one idle run).
 */
const QUIET_AFTER_START_MS = 15_000;

/** A server under measurement: its process, the inspector port it was started with, when it started. */
export type MeasuredServer = { base: string; pid: number; inspectPort: number; startedAt: number; stop: () => Promise<void> };
/** Starts a server with these environment variables added (NODE_OPTIONS among them). */
export type StartServer = (env: Record<string, string>) => Promise<{ base: string; pid: number; stop: () => Promise<void> }>;

/** The Node flags both servers get, through NODE_OPTIONS: the inspector only (for the collection after the reading). */
async function withInspector(start: StartServer): Promise<MeasuredServer> {
  const inspectPort = await freePort();
  const startedAt = Date.now();
  const server = await start({ NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}` });
  return { ...server, inspectPort, startedAt };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Waits out the server's start-up work: QUIET_AFTER_START_MS, then until a second passes with at most 10 ms of CPU. */
async function untilQuiet(server: MeasuredServer): Promise<void> {
  await sleep(server.startedAt + QUIET_AFTER_START_MS - Date.now());
  for (let second = 0; second < 30; second++) {
    const before = await cpuSeconds(server.pid);
    await sleep(1000);
    if ((await cpuSeconds(server.pid)) - before <= 0.01) return;
  }
}

/**
 * The bare server (bareSocketServer.ts) compiled by esbuild as the app is, and run by plain node
 * like the app: no tsx loader in the process whose memory is read.
 */
export async function startCompiledBareSocketServer(
  env: Record<string, string>,
): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  const root = projectRoot();
  const outdir = path.join(root, 'dist', `bench-bare-${randomBytes(4).toString('hex')}`);
  await build({
    entryPoints: [path.join(root, 'scripts/bench/bareSocketServer.ts')],
    outdir,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  const child = fork(path.join(outdir, 'bareSocketServer.js'), [], {
    cwd: root,
    execArgv: [],
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = await new Promise<{ port: number }>((resolve) => child.once('message', resolve));
  return {
    base: `http://127.0.0.1:${first.port}`,
    pid: child.pid!,
    stop: async () => {
      child.kill();
      await exited;
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}

export type ServerSocketMemory = {
  sockets: number;
  rssBeforeBytes: number;
  rssAfterBytes: number;
  /** (rssAfter − rssBefore) / sockets. */
  rssPerSocketBytes: number;
  /** Heap and external memory kept per socket once garbage is collected (read after the resident reading). */
  retainedPerSocketBytes: number;
  /** The same split: heap, external (array buffers among it), per socket, after the collection. */
  heapPerSocketBytes: number;
  externalPerSocketBytes: number;
  rssAfterCollectionPerSocketBytes: number;
  /**
   * V8's young generation and old space (committed) before, at the reading (no collection) and
   * after the collection that follows it, and the heap in use: dead objects count as in use until
   * a collection finds them, so in use at the reading less in use after it is the garbage then.
   */
  heap: { before: HeapSpaceSummary; atReading: HeapSpaceSummary; afterCollection: HeapSpaceSummary };
};

export type HeapSpaceSummary = { newSpaceBytes: number; oldSpaceBytes: number; usedBytes: number };
const summarize = (spaces: HeapSpaces): HeapSpaceSummary => ({
  newSpaceBytes: spaces.new_space?.size ?? 0,
  oldSpaceBytes: spaces.old_space?.size ?? 0,
  usedBytes: Object.values(spaces).reduce((sum, space) => sum + space.used, 0),
});

/** One server's readings around its sockets' connecting. */
async function measureServer(server: MeasuredServer, clients: Child, targets: Target[]): Promise<ServerSocketMemory> {
  // The reading before starts from a collected heap: a fresh process still holds its start-up's
  // garbage and a young generation of whatever size that left (the app's 33 MB, the bare server's
  // 17 MB in one run), which would otherwise count against whichever started leaner.
  await untilQuiet(server);
  const probe = await probeMemory(server.inspectPort);
  const before = await probe.retained();
  await sleep(1000);
  const rssBefore = await residentBytes(server.pid);
  const spacesBefore = await probe.spaces();
  await clients.ask({ connect: targets }, 'connected');
  await sleep(SETTLE_MS);
  const rssAfter = await residentBytes(server.pid);
  const spacesAtReading = await probe.spaces();
  const after = await probe.retained();
  const spacesAfterCollection = await probe.spaces();
  probe.close();
  await clients.ask({ close: true }, 'closed');
  const each = (bytes: number) => Math.round(bytes / targets.length);
  return {
    sockets: targets.length,
    rssBeforeBytes: rssBefore,
    rssAfterBytes: rssAfter,
    rssPerSocketBytes: each(rssAfter - rssBefore),
    retainedPerSocketBytes: each(after.heapUsed + after.external - before.heapUsed - before.external),
    heapPerSocketBytes: each(after.heapUsed - before.heapUsed),
    externalPerSocketBytes: each(after.external - before.external),
    rssAfterCollectionPerSocketBytes: each(after.rss - before.rss),
    heap: { before: summarize(spacesBefore), atReading: summarize(spacesAtReading), afterCollection: summarize(spacesAfterCollection) },
  };
}

export type SocketMemoryComparison = {
  app: ServerSocketMemory;
  bare: ServerSocketMemory;
  /** The app's resident memory per socket against the bare server's. */
  rssPerSocketVsBare: number;
  goal: number;
  met: boolean;
};

/**
 * A fresh app and a fresh bare server, each given `appTargets` / `bareTargets` (the same number
 * of sockets, same transport, same cookie) by the client process, one server after the other.
 */
export async function compareSocketMemory(options: {
  startApp: StartServer;
  clients: Child;
  appTargets: (base: string) => Target[];
  bareTargets: (base: string) => Target[];
}): Promise<SocketMemoryComparison> {
  const app = await withInspector(options.startApp);
  const appMemory = await measureServer(app, options.clients, options.appTargets(app.base)).finally(() => app.stop());
  const bare = await withInspector(startCompiledBareSocketServer);
  const bareMemory = await measureServer(bare, options.clients, options.bareTargets(bare.base)).finally(() => bare.stop());
  const vsBare = ratio(appMemory.rssPerSocketBytes, bareMemory.rssPerSocketBytes);
  return { app: appMemory, bare: bareMemory, rssPerSocketVsBare: vsBare, goal: GOAL_VS_BARE, met: vsBare <= GOAL_VS_BARE };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export function printSocketMemory(result: SocketMemoryComparison): void {
  console.log(
    `\nIdle sockets' memory (${result.app.sockets} sockets each; resident ${SETTLE_MS / 1000} s after the last connect; both servers compiled, plain node, same flags):`,
  );
  for (const [name, m] of [
    ['app', result.app],
    ['bare Socket.IO', result.bare],
  ] as const) {
    console.log(
      `  ${name.padEnd(15)} RSS ${mb(m.rssBeforeBytes)} → ${mb(m.rssAfterBytes)} MB: ${kb(m.rssPerSocketBytes)} KB/socket resident; ` +
        `kept after a collection ${kb(m.retainedPerSocketBytes)} KB (heap ${kb(m.heapPerSocketBytes)}, external ${kb(m.externalPerSocketBytes)}), resident after it ${kb(m.rssAfterCollectionPerSocketBytes)} KB`,
    );
    const { before, atReading, afterCollection } = m.heap;
    console.log(
      `  ${''.padEnd(15)} V8 young generation ${mb(before.newSpaceBytes)} → ${mb(atReading.newSpaceBytes)} MB, old space ${mb(before.oldSpaceBytes)} → ${mb(atReading.oldSpaceBytes)} MB committed; ` +
        `heap in use ${mb(before.usedBytes)} → ${mb(atReading.usedBytes)} MB, ${mb(afterCollection.usedBytes)} after the collection: ${mb(atReading.usedBytes - afterCollection.usedBytes)} MB garbage at the reading`,
    );
  }
  console.log(
    `  app/bare resident per socket: ${result.rssPerSocketVsBare.toFixed(2)}× (goal ≤ ${result.goal}×): ${result.met ? 'met' : 'NOT met'}`,
  );
}
