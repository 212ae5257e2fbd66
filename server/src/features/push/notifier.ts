import type { FastifyBaseLogger } from 'fastify';
import type { MaintenanceTask } from '#protocol/maintenance';
import type { PushKind } from '#protocol/push';
import * as messages from './messages';
import { recipientsOf, type Recipient } from './recipients';
import type { PushOutcome, PushSender } from './sender';
import { removeGoneSubscription } from './subscriptions';
import { endpointProblem } from './endpointPolicy';

/** A device whose push service refused or failed this many messages in a row (each tried twice) is dropped. */
const FAILURES_BEFORE_DROPPED = 5;
const FAILURES_KEPT = 10_000;

type Who = { id: string; name: string };

/**
 * What happened, turned into notifications for the devices that get them. Called by the write
 * that caused it, which never waits: who gets it is read and the messages are sent after the
 * request has been answered, and a failing push service fails nothing but its own message. The
 * instance that took the write is the one that sends, so with several instances each
 * notification goes out once.
 */
export class PushNotifier {
  private readonly pending = new Set<Promise<void>>();
  /** Failures in a row per endpoint, on this instance. */
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly sender: PushSender,
    private readonly log: FastifyBaseLogger,
    /** Production posts only to the browsers' push services (endpointPolicy.ts), also for devices saved before that rule. */
    private readonly production: boolean,
    /** Each message's outcome, for /metrics. */
    private readonly answered: (kind: PushKind, outcome: PushOutcome) => void = () => undefined,
  ) {}

  caseCreated(schoolId: string, task: MaintenanceTask, creator: Who): void {
    this.later('caseCreated', schoolId, { except: [creator.id] }, (to) => messages.caseCreated(task, to.role));
  }

  /** Completed or rejected: its sender hears that their case was, the other caretakers that it changed. */
  caseResolved(schoolId: string, task: MaintenanceTask, actor: Who, senderId: string): void {
    if (senderId !== actor.id)
      this.later('caseResolvedForSender', schoolId, { except: [], only: senderId }, (to) => messages.caseResolvedForSender(task, to.role));
    this.later('caseChanged', schoolId, { except: [actor.id, senderId] }, (to) => messages.caseChanged(task, to.role));
  }

  caseDeleted(schoolId: string, task: MaintenanceTask, actor: Who): void {
    this.later('caseDeleted', schoolId, { except: [actor.id] }, (to) => messages.caseDeleted(task, to.role, actor.name));
  }

  userRegistered(schoolId: string, user: Who): void {
    this.later('userRegistered', schoolId, { except: [user.id] }, () => messages.userRegistered(user));
  }

  /** To the other supervisors on duty: a student not found on a roll call. */
  studentNotFound(schoolId: string, found: messages.NotFound, markedById: string): void {
    this.later('studentNotFound', schoolId, { except: [markedById] }, () => messages.studentNotFound(found));
  }

  /** To every staff device of the school with notifications on, but the one who started it. */
  evacuationStarted(schoolId: string, started: { id: string; drill: boolean; people: number }, startedById: string): void {
    this.later('evacuationStarted', schoolId, { except: [startedById] }, () => messages.evacuationStarted(started));
  }

  /** Resolves once every notification handed over so far has been answered by its push service. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private later(
    kind: PushKind,
    schoolId: string,
    audience: { except: string[]; only?: string },
    compose: (to: Recipient) => messages.Notification,
  ): void {
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => recipientsOf(schoolId, kind, audience))
      .then((recipients) => Promise.all(recipients.map((to) => this.deliver(schoolId, to, compose(to)))))
      .then(() => undefined)
      .catch((err: unknown) => this.log.error({ err, kind }, 'push notification failed'));
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private async deliver(schoolId: string, to: Recipient, { message, delivery }: messages.Notification): Promise<void> {
    const endpoint = to.target.endpoint;
    // A device saved before production's rule (endpointPolicy.ts) is dropped, never posted to.
    const outcome = endpointProblem(endpoint, this.production) ? 'gone' : await this.sender.send(schoolId, to.target, message, delivery);
    this.answered(message.kind, outcome);
    if (outcome === 'sent') this.failures.delete(endpoint);
    else if (outcome === 'gone' || this.failedAgain(endpoint)) await removeGoneSubscription(endpoint);
  }

  /** Counts a failure: true once the endpoint has failed FAILURES_BEFORE_DROPPED times in a row. */
  private failedAgain(endpoint: string): boolean {
    const inARow = (this.failures.get(endpoint) ?? 0) + 1;
    this.failures.delete(endpoint);
    if (inARow >= FAILURES_BEFORE_DROPPED) return true;
    this.failures.set(endpoint, inARow);
    if (this.failures.size > FAILURES_KEPT) this.failures.delete(this.failures.keys().next().value!);
    return false;
  }
}
