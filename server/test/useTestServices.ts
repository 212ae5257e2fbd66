import { afterAll, beforeAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TestLogFile } from './logFile';
import { TestPushService } from './pushService';
import { startRedis } from './redisServer';
import { startSmtpServer, type TestSmtpServer } from './smtpServer';
import { useStarted } from './useStarted';

/*
 * What a test file's server talks to or reads, ready before the file's tests and gone after them.
 * Called above useTestServer and its kin, they are up before the server starts and stopped after it
 * closes (a push service, called below, is started after the server and stopped before it).
 */

/** A loopback SMTP server (smtpServer.ts): its address goes in the server's settings as a function, `() => ({ SMTP_URL: smtp.url })`. */
export function useSmtpServer(started: (smtp: TestSmtpServer) => void): void {
  useStarted(startSmtpServer, (smtp) => smtp.close(), started);
}

/** A Redis server of the file's own (redisServer.ts). */
export function useRedis(started: (redis: Awaited<ReturnType<typeof startRedis>>) => void): void {
  useStarted(
    () => startRedis(),
    (redis) => redis.stop(),
    started,
  );
}

/** A browser vendor's push service on loopback (pushService.ts). */
export function usePushService(started: (service: TestPushService) => void): void {
  useStarted(
    () => TestPushService.start(),
    (service) => service.close(),
    started,
  );
}

/** The server's log file (logFile.ts), removed after the file's tests. */
export function useLogFile(): TestLogFile {
  const logFile = new TestLogFile();
  afterAll(() => logFile.remove());
  return logFile;
}

/** A built client's folder for CLIENT_DIR, holding `files` (path: content), removed after the file's tests. */
export function useClientDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tilsynsvakt-client-'));
  beforeAll(() => {
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), content);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
