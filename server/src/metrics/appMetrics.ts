import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import mongoose from 'mongoose';

/**
 * The app's measurements, in a registry of its own (tests build several apps in one process).
 * Labels are route templates, methods, statuses, roles, event and command names: nothing that
 * identifies a person, a school or a session.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'tilsynsvakt_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'tilsynsvakt_http_request_duration_seconds',
    help: 'Time from request to response, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  private readonly sockets = new Gauge({
    name: 'tilsynsvakt_sockets_open',
    help: 'Live Socket.IO connections, by role',
    labelNames: ['role'] as const,
    registers: [this.registry],
  });
  private readonly events = new Counter({
    name: 'tilsynsvakt_events_emitted_total',
    help: 'Live events sent (one per emit to a set of rooms), by event name',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });
  private readonly pushes = new Counter({
    name: 'tilsynsvakt_push_messages_total',
    help: 'Web Push messages handed to push services, by kind and outcome (sent, gone: the device unsubscribed, failed)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly commands = new Histogram({
    name: 'tilsynsvakt_database_command_duration_seconds',
    help: 'Database round trips and their time, by command name and outcome',
    labelNames: ['command', 'outcome'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });

  constructor(embedded: { restarts: number } | undefined) {
    collectDefaultMetrics({ register: this.registry, prefix: 'tilsynsvakt_' });
    new Gauge({
      name: 'tilsynsvakt_database_connected',
      help: '1 while the app is connected to its database',
      registers: [this.registry],
      collect() {
        this.set(mongoose.connection.readyState === 1 ? 1 : 0);
      },
    });
    new Gauge({
      name: 'tilsynsvakt_embedded_database_restarts',
      help: 'Times the embedded FerretDB was started again after it stopped unasked (absent with MONGODB_URI)',
      registers: embedded ? [this.registry] : [],
      collect() {
        this.set(embedded?.restarts ?? 0);
      },
    });
  }

  requestAnswered(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
  }

  socketOpened(role: string): void {
    this.sockets.inc({ role });
  }

  socketClosed(role: string): void {
    this.sockets.dec({ role });
  }

  eventEmitted(event: string): void {
    this.events.inc({ event });
  }

  pushAnswered(kind: string, outcome: string): void {
    this.pushes.inc({ kind, outcome });
  }

  commandDone(command: string, outcome: 'ok' | 'failed', seconds: number): void {
    this.commands.observe({ command, outcome }, seconds);
  }
}
