import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { PRODUCT_NAME } from '#protocol/product';
import { RESET_LINK_HOURS } from '#protocol/passwordReset';

/** What a reset mail says: plain text, Norwegian, the link on a line of its own. */
/** The mail carries no text anyone chose (not even the account's name, which a self-registration sets): only ours and the link. */
export function resetMail(link: string): { subject: string; text: string } {
  return {
    subject: `Nytt passord i ${PRODUCT_NAME}`,
    text: [
      'Hei!',
      '',
      `Noen har bedt om en lenke for å sette nytt passord på kontoen din i ${PRODUCT_NAME}.`,
      'Åpne lenken for å velge et nytt passord:',
      '',
      link,
      '',
      `Lenken er gyldig i ${RESET_LINK_HOURS} timer og kan brukes én gang.`,
      '',
      'Hvis du ikke ba om dette, kan du se bort fra e-posten. Passordet ditt er ikke endret.',
      '',
      `Hilsen ${PRODUCT_NAME}`,
      '',
    ].join('\n'),
  };
}

/**
 * Sends reset mails through the SMTP server of SMTP_URL (nodemailer), always after the request
 * has been answered: the answer takes the same time whether or not a mail goes out. A failing
 * SMTP server fails nothing but its own mail, which is logged.
 */
export class ResetMailer {
  private readonly pending = new Set<Promise<void>>();
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(to: string, mail: { subject: string; text: string }): Promise<void> {
    await this.transport.sendMail({ from: this.from, to, subject: mail.subject, text: mail.text });
  }

  /** Runs the work in the background; `idle()` waits for it. */
  later(work: () => Promise<void>): void {
    const job = work().catch((err: unknown) => this.log.error({ err }, 'password reset mail failed'));
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  /** Resolves once every mail handed over so far has been sent (or has failed). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  close(): void {
    this.transport.close();
  }
}
