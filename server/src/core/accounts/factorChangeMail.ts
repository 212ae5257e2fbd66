import type { FastifyRequest } from 'fastify';
import { PRODUCT_NAME } from '#protocol/product';
import { FACTOR_CHANGE_MAIL, type FactorChange } from '#protocol/reauthentication';
import type { UserRecord } from './userModel';

/** What a factor-change mail says: only our words (no name, nothing anyone typed, not a passkey's name). */
export function factorChangeMail(change: FactorChange): { subject: string; text: string } {
  return {
    subject: `Innloggingen din i ${PRODUCT_NAME} er endret`,
    text: [
      'Hei!',
      '',
      FACTOR_CHANGE_MAIL[change],
      '',
      'Hvis det var deg, trenger du ikke gjøre noe.',
      `Hvis det ikke var deg: bytt passord med en gang (eller be om en lenke for nytt passord), og si fra til administratoren på skolen din. Under Min konto ser du innloggingene dine og kan logge ut de du ikke kjenner igjen.`,
      '',
      `Hilsen ${PRODUCT_NAME}`,
      '',
    ].join('\n'),
  };
}

/** Mailed to the account's address after the answer, where mail is set up (SMTP_URL); without it, nothing. */
export function mailFactorChange(request: FastifyRequest, user: Pick<UserRecord, 'email'>, change: FactorChange): void {
  const mailer = request.server.resetMailer;
  if (!mailer) return;
  mailer.later(() => mailer.send(user.email, factorChangeMail(change)));
}
