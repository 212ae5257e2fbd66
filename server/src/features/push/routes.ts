import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '#protocol/common';
import { POLICY } from '#protocol/policy';
import { deletePushSubscriptionBodySchema, pushKeySchema, pushSubscriptionBodySchema, pushSubscriptionStateSchema } from '#protocol/push';
import type { Config } from '../../config';
import { currentUser } from '../../plugins/auth';
import { knownDevice } from '../../core/sessions/deviceCookie';
import { checkEndpoint } from './endpointPolicy';
import { removeSubscription, saveSubscription } from './subscriptions';

const BASE = '/api/push/subscriptions';
export const PUSH_TURNED_OFF = 'Varsler er slått av på denne enheten';

/** The calls any client uses to have its device notified (the W3C Push API's subscription). */
export async function pushRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = POLICY.pushNotifications.change;

  r.get('/api/push/key', { config: { access: POLICY.pushNotifications.see }, schema: { response: { 200: pushKeySchema } } }, async () => ({
    publicKey: app.vapidKeys.publicKey,
  }));

  // Saving a device is rare (turning notifications on, signing in): a loop of them is refused.
  const perIp = { max: config.rateLimits.perIp, timeWindow: '1 minute' };
  r.post(
    BASE,
    { config: { access, rateLimit: perIp }, schema: { body: pushSubscriptionBodySchema, response: { 200: pushSubscriptionStateSchema } } },
    async (request) => {
      checkEndpoint(request.body.endpoint, config.env === 'production');
      const user = currentUser(request);
      return saveSubscription({ ...user, device: knownDevice(request, user.email, config) }, request.body);
    },
  );

  r.delete(
    BASE,
    { config: { access }, schema: { body: deletePushSubscriptionBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      await removeSubscription(currentUser(request)._id, request.body.endpoint);
      return { message: PUSH_TURNED_OFF };
    },
  );
}
