// A process's memory as it is once garbage is collected, read through its inspector (the process
// runs with --inspect=127.0.0.1:<port>). Without the collection, a resident-memory reading taken
// after 2,000 handshakes is mostly their garbage and the young generation V8 has committed for it,
// and swings by a third between runs of the same build.
import WebSocket from 'ws';

export type Retained = { heapUsed: number; external: number; rss: number };
/** V8's heap spaces as they stand, no collection: bytes committed (size) and in use, by space. */
export type HeapSpaces = Record<string, { size: number; used: number }>;
export type MemoryProbe = { retained: () => Promise<Retained>; spaces: () => Promise<HeapSpaces>; close: () => void };

export async function probeMemory(inspectPort: number): Promise<MemoryProbe> {
  // The inspector may take a moment after the process is up.
  for (let attempt = 0; attempt < 50; attempt++) {
    const ready = await fetch(`http://127.0.0.1:${inspectPort}/json/list`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let lastId = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { value?: string } }>((resolve) => {
      const id = ++lastId;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as { id?: number; result: { result?: { value?: string } } };
        if (message.id !== id) return;
        ws.off('message', onMessage);
        resolve(message.result);
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return {
    async retained() {
      // Twice: the first collection's finalizers can free more.
      await call('HeapProfiler.collectGarbage');
      await call('HeapProfiler.collectGarbage');
      const answer = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())' });
      const usage = JSON.parse(answer.result!.value!) as NodeJS.MemoryUsage;
      return { heapUsed: usage.heapUsed, external: usage.external, rss: usage.rss };
    },
    async spaces() {
      const expression = `JSON.stringify(require('v8').getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size, s.space_used_size]))`;
      const answer = await call('Runtime.evaluate', { expression, includeCommandLineAPI: true });
      const rows = JSON.parse(answer.result!.value!) as [string, number, number][];
      return Object.fromEntries(rows.filter(([, size]) => size > 0).map(([name, size, used]) => [name, { size, used }]));
    },
    close: () => ws.close(),
  };
}
