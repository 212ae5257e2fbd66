import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '#protocol/common';
import { POLICY } from '#protocol/policy';
import { TRUSTED_DEVICE_TEXTS, trustedDeviceParamsSchema, trustedDevicesSchema } from '#protocol/trustedDevices';
import type { Config } from '../../config';
import { currentUser } from '../../plugins/auth';
import { listTrustedDevices, removeTrustedDevice } from './trustedDevices';

/** 'Huskede enheter' on Min konto (issue 44): the devices that skip the code, and removing one. */
export async function trustedDeviceRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/account/trusted-devices',
    { config: { access: POLICY.ownAccount.see }, schema: { response: { 200: trustedDevicesSchema } } },
    async (request) => listTrustedDevices(request, currentUser(request), config),
  );

  r.delete(
    '/api/account/trusted-devices/:id',
    { config: { access: POLICY.ownAccount.change }, schema: { params: trustedDeviceParamsSchema, response: { 200: messageSchema } } },
    async (request, reply) => {
      await removeTrustedDevice(request, reply, currentUser(request), request.params.id, config);
      return { message: TRUSTED_DEVICE_TEXTS.removed };
    },
  );
}
