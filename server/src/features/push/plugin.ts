import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { PushNotifier } from './notifier';
import { PushSender } from './sender';
import { loadVapidKeys, type VapidKeys } from './vapidKeys';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push: the writes that notify devices call it (features/push). */
    push: PushNotifier;
    vapidKeys: VapidKeys;
  }
}

/** How long a closing server waits for notifications already handed over. */
const CLOSE_WAIT_MS = 5_000;

export async function attachPush(app: FastifyInstance, config: Config): Promise<void> {
  const keys = await loadVapidKeys(config);
  const metrics = app.metrics;
  const notifier = new PushNotifier(
    new PushSender(keys, app.log),
    app.log,
    config.env === 'production',
    metrics ? (kind, outcome) => metrics.pushAnswered(kind, outcome) : undefined,
  );
  app.decorate('vapidKeys', keys);
  app.decorate('push', notifier);
  app.addHook('onClose', async () => {
    await Promise.race([notifier.idle(), new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
  });
}
