import type { DefaultEventsMap, Server } from 'socket.io';
import {
  serverEventSchemas,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '#protocol/events';
import type { DataEvent, OwnEvent } from '#protocol/policy';
import type { EventOrigin } from '#protocol/origin';
import type { ServerSessionEndReason } from '#protocol/sessionEnd';
import { eventRooms, rooms } from './rooms';

/** The origin of what no request caused (a session's expiry, the database coming back). */
export const NO_ORIGIN: EventOrigin = { requestId: null };

/** What the server keeps on a socket: the session it was opened with. */
export type SocketData = { sessionId?: string; role?: string };
export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>;

/**
 * The one way the server talks to browsers: emit after a write succeeded, to the rooms that may
 * see it, and cut the live connections of users whose access changed.
 */
export class Realtime {
  constructor(
    private readonly io: IoServer,
    private readonly checkPayloads: boolean,
    private readonly counted: (event: ServerEventName) => void = () => undefined,
    /** Who caused what this emits (eventOrigin.ts): a request's id, or none. */
    private readonly origin: EventOrigin = NO_ORIGIN,
  ) {}

  /** The same live events, marked as caused by this origin. */
  from(origin: EventOrigin): Realtime {
    return origin === this.origin ? this : new Realtime(this.io, this.checkPayloads, this.counted, origin);
  }

  emit<E extends ServerEventName>(targets: string[], event: E, payload: ServerEventPayload<E>): void {
    if (targets.length === 0) return;
    if (this.checkPayloads) serverEventSchemas[event].parse(payload);
    this.counted(event);
    // The emit signature is generic over all events; the check above ties payload to event.
    (this.io.to(targets).emit as (e: string, p: unknown, o: unknown) => boolean)(event, payload, this.origin);
  }

  /** To those of a school who see the event's kind of data (the policy table), and the platform room. */
  toSchool<E extends DataEvent>(schoolId: string, event: E, payload: ServerEventPayload<E>): void {
    this.emit(eventRooms(event, schoolId), event, payload);
  }

  /** To one user alone, about their own data (the cases they sent): their own room, no school's. */
  toOwner<E extends OwnEvent>(userId: string, event: E, payload: ServerEventPayload<E>): void {
    this.emit([rooms.user(userId)], event, payload);
  }

  /** To the Plattformadministrator: the platform's own data. */
  toPlatform<E extends DataEvent>(event: E, payload: ServerEventPayload<E>): void {
    this.emit(eventRooms(event), event, payload);
  }

  /**
   * To those of a school who see the event's kind of data and the platform room, except that
   * members in the school's redacted room (roles that may not read health data) get the redacted
   * payload instead.
   */
  toSchoolRedacted<E extends DataEvent>(
    schoolId: string,
    event: E,
    payloads: { full: ServerEventPayload<E>; redacted: ServerEventPayload<E> },
  ): void {
    if (this.checkPayloads) {
      serverEventSchemas[event].parse(payloads.full);
      serverEventSchemas[event].parse(payloads.redacted);
    }
    this.counted(event);
    const redactedRoom = rooms.schoolRedacted(schoolId);
    const origin = this.origin;
    const emit = (target: ReturnType<IoServer['to']>, payload: unknown) =>
      (target.emit as (e: string, p: unknown, o: unknown) => boolean)(event, payload, origin);
    emit(this.io.to(eventRooms(event, schoolId)).except(redactedRoom), payloads.full);
    emit(this.io.to(redactedRoom), payloads.redacted);
  }

  /** To every connected socket (nothing school-specific: a signal to fetch again). */
  toEveryone<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
    if (this.checkPayloads) serverEventSchemas[event].parse(payload);
    this.counted(event);
    (this.io.emit as (e: string, p: unknown, o: unknown) => boolean)(event, payload, this.origin);
  }

  /**
   * Closes the user's live connections, first telling them why when their access changed (sent
   * before the close: the transport drains first). Without a reason the screens just reconnect.
   */
  disconnectUser(userId: string, reason?: ServerSessionEndReason): void {
    if (reason) this.emit([rooms.user(userId)], 'session.ended', { reason });
    this.io.in(rooms.user(userId)).disconnectSockets(true);
  }

  /** Every live connection of the user but those of one session (the one that changed the password). */
  disconnectOtherSessions(userId: string, keepSessionId: string): void {
    this.counted('session.ended');
    (this.io.to(rooms.user(userId)).except(rooms.session(keepSessionId)).emit as (e: string, p: unknown, o: unknown) => boolean)(
      'session.ended',
      { reason: 'passwordChanged' },
      this.origin,
    );
    this.io.in(rooms.user(userId)).except(rooms.session(keepSessionId)).disconnectSockets(true);
  }

  /** One session's live connections, told why first (a sign-in that no longer suffices, issue 43). */
  endSession(sessionId: string, reason: ServerSessionEndReason): void {
    this.emit([rooms.session(sessionId)], 'session.ended', { reason });
    this.disconnectSession(sessionId);
  }

  disconnectSession(sessionId: string): void {
    this.io.in(rooms.session(sessionId)).disconnectSockets(true);
  }
}
