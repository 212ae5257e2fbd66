import { roomLabel, type MaintenanceTask } from '#protocol/maintenance';
import type { PushKind, PushMessage } from '#protocol/push';
import { ADMIN_ROLE, CARETAKER_ROLE, type Role } from '#protocol';
import { OWN_CASES_PATH } from '#protocol/maintenance';
import { EVACUATIONS_PATH, ROLL_CALLS_PATH } from '#protocol/product';

/**
 * What each notification says, and how the push service should carry it (RFC 8030). Built from
 * a case or a registration only: nothing about sickness is ever a source, so no health data
 * can reach a payload.
 */

export type Delivery = {
  /** Seconds the push service keeps it for a device that is off line. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A later message with the same topic replaces one not yet delivered (base64url, at most 32). */
  topic: string;
};

export type Notification = { message: PushMessage; delivery: Delivery };

const DAY_SECONDS = 24 * 60 * 60;
const FIRST_LINE_MAX = 140;

/** The description's first non-empty line, short enough for a lock screen. */
export function firstLine(text: string): string {
  const line =
    text
      .split(/\r?\n/)
      .map((part) => part.trim())
      .find(Boolean) ?? '';
  return line.length > FIRST_LINE_MAX ? `${line.slice(0, FIRST_LINE_MAX - 1)}…` : line;
}

/** Where a tap on a case opens it: the caretaker's list, or the Admin's maintenance screen. */
function caseUrl(task: MaintenanceTask, role: Role): string {
  const page = role === ADMIN_ROLE ? '/admin/vedlikehold' : task.status === 'pending' ? '/vaktmester' : '/arkiv';
  return `${page}?sak=${task.id}`;
}

const caseTopic = (task: Pick<MaintenanceTask, 'id'>) => `sak${task.id}`;

function caseNotification(
  kind: PushKind,
  task: MaintenanceTask,
  title: string,
  body: string,
  url: string,
  urgency: Delivery['urgency'],
): Notification {
  return { message: { kind, title, body, url, tag: `sak-${task.id}` }, delivery: { ttl: DAY_SECONDS, urgency, topic: caseTopic(task) } };
}

export function caseCreated(task: MaintenanceTask, role: Role): Notification {
  return caseNotification('caseCreated', task, `Ny sak: ${roomLabel(task)}`, firstLine(task.description), caseUrl(task, role), 'high');
}

/** A case completed or rejected, to the caretakers who did not do it. */
export function caseChanged(task: MaintenanceTask, role: Role): Notification {
  const title = task.status === 'rejected' ? `Sak avslått: ${roomLabel(task)}` : `Sak fullført: ${roomLabel(task)}`;
  return caseNotification('caseChanged', task, title, byWhom(task), caseUrl(task, role), 'normal');
}

/** The case its sender sent: completed or rejected, and by whom. A supervisor's tap opens 'Mine saker' (issue 44). */
export function caseResolvedForSender(task: MaintenanceTask, role: Role): Notification {
  const title = task.status === 'rejected' ? `Saken din er avslått: ${roomLabel(task)}` : `Saken din er fullført: ${roomLabel(task)}`;
  const url = role === ADMIN_ROLE || role === CARETAKER_ROLE ? caseUrl(task, role) : OWN_CASES_PATH;
  return caseNotification('caseResolvedForSender', task, title, byWhom(task), url, 'normal');
}

export function caseDeleted(task: MaintenanceTask, role: Role, deletedByName: string): Notification {
  const url = role === ADMIN_ROLE ? '/admin/vedlikehold' : '/vaktmester';
  return caseNotification('caseDeleted', task, `Sak slettet: ${roomLabel(task)}`, `Slettet av ${deletedByName}.`, url, 'normal');
}

export function userRegistered(user: { id: string; name: string }): Notification {
  return {
    message: {
      kind: 'userRegistered',
      title: 'Ny bruker venter på godkjenning',
      body: `${user.name} har registrert seg.`,
      url: '/admin/brukere',
      tag: `bruker-${user.id}`,
    },
    delivery: { ttl: 3 * DAY_SECONDS, urgency: 'normal', topic: `bruker${user.id}` },
  };
}

function byWhom(task: MaintenanceTask): string {
  return task.status === 'rejected' ? `Avslått av ${task.rejectedByName ?? ''}.` : `Fullført av ${task.completedByName ?? ''}.`;
}

/** Who was not found, on which roll. */
export type NotFound = { rollCallId: string; studentId: string; name: string; house: string };

/**
 * A student not found on a roll call (issue 47): the name and the house, nothing about why (health
 * data never leaves in a payload). A tap opens the roll.
 */
export function studentNotFound(found: NotFound): Notification {
  return {
    message: {
      kind: 'studentNotFound',
      title: `Ikke funnet: ${found.name}`,
      body: found.house ? `${found.house}. Meldt under opptellingen.` : 'Meldt under opptellingen.',
      url: `${ROLL_CALLS_PATH}/${found.rollCallId}`,
      tag: `ikke-funnet-${found.rollCallId}-${found.studentId}`,
    },
    delivery: { ttl: 60 * 60, urgency: 'high', topic: `if${found.rollCallId.slice(-12)}${found.studentId.slice(-12)}` },
  };
}

/** An evacuation started (issue 47): to every staff device of the school, urgent; a tap opens the list. */
export function evacuationStarted(started: { id: string; drill: boolean; people: number }): Notification {
  return {
    message: {
      kind: 'evacuationStarted',
      title: started.drill ? 'Evakueringsøvelse startet' : 'Evakuering startet',
      body: `${started.people} på listen. Åpne listen og merk hvem som er i sikkerhet.`,
      url: `${EVACUATIONS_PATH}/${started.id}`,
      tag: `evakuering-${started.id}`,
    },
    delivery: { ttl: 60 * 60, urgency: 'high', topic: `evak${started.id.slice(-20)}` },
  };
}
