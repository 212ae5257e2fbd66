// CPU profiles of each capacity step (`npm run bench:capacity -- --profile`): the app's through its
// inspector (the app runs with `--inspect` on a free port), the engine's by signal
// (scripts/ferretdb/main.go: SIGUSR1 starts a pprof profile, SIGUSR2 writes it). Each step's
// profiles go to bench-results/capacity-profiles/, with the app's heaviest functions and packages
// and the engine's (go tool pprof) printed under the step.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { projectRoot } from '../../server/src/projectRoot';

export const PROFILE_DIR = path.join(projectRoot(), 'bench-results', 'capacity-profiles');
export const ENGINE_PROFILE_ENV = 'TILSYNSVAKT_FERRETDB_PROFILE_DIR';
const ENGINE_BINARY = path.join(projectRoot(), '.tools', 'bin', 'ferretdb');

type CallFrame = { functionName: string; url: string; lineNumber: number };
type CpuProfile = { nodes: Array<{ id: number; callFrame: CallFrame }>; samples: number[]; timeDeltas: number[] };

/** The app's inspector: one DevTools connection, its Profiler started and stopped per step. */
class Inspector {
  private nextId = 1;
  private readonly waiting = new Map<number, (result: unknown) => void>();
  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
      if (message.id !== undefined) this.waiting.get(message.id)?.(message.result);
    });
  }

  static async connect(url: string): Promise<Inspector> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new Inspector(socket);
  }

  send<T>(method: string): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve) => {
      this.waiting.set(id, (result) => resolve(result as T));
      this.socket.send(JSON.stringify({ id, method }));
    });
  }

  close(): void {
    this.socket.close();
  }
}

/** Where the app's own output says its inspector listens. */
export function inspectorUrl(output: string): string {
  const match = /Debugger listening on (ws:\/\/\S+)/.exec(output);
  if (!match) throw new Error(`the app printed no inspector address:\n${output}`);
  return match[1]!;
}

const SHOWN = 15;

function where(frame: CallFrame): string {
  const modules = frame.url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = frame.url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (frame.url.includes('/dist/server-test-')) return 'app (dist)';
  if (frame.url.startsWith('node:')) return 'node';
  return frame.url ? path.basename(frame.url) : `(${frame.functionName || 'native'})`;
}

/** Self time by function and by package (the compiled app is one file: its functions by name). */
function summariseCpuProfile(profile: CpuProfile): string {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((nodeId, i) => {
    const frame = frames.get(nodeId)!;
    const micros = profile.timeDeltas[i] ?? 0;
    total += micros;
    const place = where(frame);
    const name = `${frame.functionName || '(anonymous)'} ${place}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byPackage.set(place, (byPackage.get(place) ?? 0) + micros);
  });
  const top = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, SHOWN)
      .map(([name, micros]) => `    ${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  return `  appen, egen tid etter funksjon:\n${top(byFunction)}\n  appen, egen tid etter pakke:\n${top(byPackage)}`;
}

export type StepProfiler = { start(): Promise<void>; stop(label: string): Promise<string>; close(): void };

export async function startStepProfiler(appInspectorUrl: string, enginePid: number | undefined): Promise<StepProfiler> {
  mkdirSync(PROFILE_DIR, { recursive: true });
  const inspector = await Inspector.connect(appInspectorUrl);
  await inspector.send('Profiler.enable');
  let engineProfiles = 0;
  return {
    async start() {
      await inspector.send('Profiler.start');
      if (enginePid) process.kill(enginePid, 'SIGUSR1');
    },
    async stop(label) {
      const { profile } = await inspector.send<{ profile: CpuProfile }>('Profiler.stop');
      const appFile = path.join(PROFILE_DIR, `app-${label}.cpuprofile`);
      writeFileSync(appFile, JSON.stringify(profile));
      let engine = '';
      if (enginePid) {
        process.kill(enginePid, 'SIGUSR2');
        engineProfiles += 1;
        const engineFile = path.join(PROFILE_DIR, `engine-${engineProfiles}.pprof`);
        // The engine writes its profile when the signal arrives; pprof reads it once it is complete.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const top = spawnSync('go', ['tool', 'pprof', '-top', '-nodecount=25', ENGINE_BINARY, engineFile], { encoding: 'utf8' });
        engine = `  motoren (${engineFile}):\n${(top.stdout || top.stderr).trimEnd()}`;
      }
      return `  CPU-profiler: ${appFile}\n${summariseCpuProfile(profile)}\n${engine}`;
    },
    close: () => inspector.close(),
  };
}
