import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FORGOT_PASSWORD_PATH, PRODUCT_NAME } from '#protocol/product';
import { PLATFORM_ADMIN_ROLE } from '#protocol/roles';
import type { Config } from '../../config';
import { UserModel } from '../../core/accounts/userModel';
import { linkOrigin } from '../passwordReset/service';
import { FORGOT_PER_ADDRESS, FORGOT_PER_IP } from '../passwordReset/routes';

const HOUR_MS = 3_600_000;

/**
 * A registration with an address that has an account (issue 45): the answer on screen is the same
 * as for any address, and the owner of the address hears of it by mail, where mail is set up.
 * Only our words and our two links: nothing the person registering typed (not the name).
 */
export function knownAddressMail(origin: string): { subject: string; text: string } {
  return {
    subject: `Noen prøvde å registrere seg i ${PRODUCT_NAME} med e-postadressen din`,
    text: [
      'Hei!',
      '',
      `Noen prøvde nettopp å registrere en ny konto i ${PRODUCT_NAME} med denne e-postadressen. Adressen har allerede en konto, så det ble ikke laget noen ny.`,
      '',
      'Hvis det var deg, logger du inn med kontoen du har:',
      '',
      `${origin}/login`,
      '',
      'Har du glemt passordet, bruker du «Glemt passord?»:',
      '',
      `${origin}${FORGOT_PASSWORD_PATH}`,
      '',
      'Hvis det ikke var deg, kan du se bort fra e-posten. Ingenting er endret på kontoen din.',
      '',
      `Hilsen ${PRODUCT_NAME}`,
      '',
    ].join('\n'),
  };
}

/**
 * Hands the mail over after the answer is sent, so a taken address is answered as fast as a new
 * one. Limited as 'Glemt passord?' is (per address and per IP address, each an hour), but silently:
 * a refusal would tell that the address has an account. Sent only to an approved account of a
 * school, the one that can sign in or get a reset link; a registration waiting for approval can be
 * made by anyone with any address, and gets none.
 */
export function knownAddressMailer(app: FastifyInstance, config: Config) {
  const perAddress = app.attemptLimits.limiter('knownAddressMail', FORGOT_PER_ADDRESS, HOUR_MS);
  const perIp = app.attemptLimits.limiter('knownAddressMailIp', FORGOT_PER_IP, HOUR_MS);
  return (request: FastifyRequest, reply: FastifyReply, email: string): void => {
    const mailer = request.server.resetMailer;
    if (!mailer) return;
    const origin = linkOrigin(request, config);
    const ip = request.ip;
    reply.raw.once('close', () =>
      mailer.later(async () => {
        const user = await UserModel.findOne({ email }, { role: 1, status: 1 }).lean();
        if (!user || user.role === PLATFORM_ADMIN_ROLE || user.status !== 'approved') return;
        if ((await perAddress.isBlocked(email)) || (await perIp.isBlocked(ip))) return;
        await Promise.all([perAddress.record(email), perIp.record(ip)]);
        await mailer.send(email, knownAddressMail(origin));
      }),
    );
  };
}
