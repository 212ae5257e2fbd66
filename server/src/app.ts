import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import mongoose from 'mongoose';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { useNorwegianZodMessages } from '#protocol/zodLocale';
import { installAppClock } from './appClock';
import { systemClock, type Clock } from './clock';
import { logSerializers } from './logSerializers';
import type { Config } from './config';
import { auditRoutes } from './features/audit/routes';
import { studentRoutes } from './features/students/routes';
import { AppMetrics } from './metrics/appMetrics';
import { registerMetrics } from './metrics/metricsRoute';
import { authRoutes } from './features/auth/routes';
import { oidcRoutes } from './features/oidc/routes';
import { OidcProviders } from './features/oidc/providers';
import { endSessionUrl } from './features/oidc/service';
import { classRoutes } from './features/classes/routes';
import { studentRegisterRoutes } from './features/studentRegister/routes';
import { registerImportRoutes } from './features/studentRegister/importRoutes';
import { rollCallRoutes } from './features/rollCalls/routes';
import { evacuationRoutes } from './features/evacuations/routes';
import { healthRoutes } from './features/health/routes';
import { awayRoutes } from './features/away/routes';
import { maintenanceRoutes } from './features/maintenance/routes';
import { platformRoutes } from './features/platform/routes';
import { adminReportRoutes } from './features/reports/adminRoutes';
import { exportRoutes } from './features/exports/routes';
import { reportRoutes } from './features/reports/routes';
import { reportVersionRoutes } from './features/reports/versionRoutes';
import { sickRoutes } from './features/sick/routes';
import { taskButtonRoutes } from './features/taskButtons/routes';
import { schoolRoutes } from './features/schools/routes';
import { userRoutes } from './features/users/routes';
import { registerAccessControl } from './plugins/auth';
import { registerPrincipals } from './plugins/principals';
import { registerSchoolScope } from './plugins/schoolScope';
import { cachedPrincipals } from './core/sessions/principalCache';
import { MongoSessionStore } from './core/sessions/sessionStore';
import { registerClient } from './plugins/client';
import { registerIdempotency } from './plugins/idempotency';
import { registerEventOrigin } from './realtime/eventOrigin';
import { registerOpenApi } from './plugins/openapi';
import { errorBody, registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { responseSerializerCompiler } from './plugins/responseSerializer';
import { sessionCookieName, sessionPlugin } from './plugins/session';
import { attachRealtime } from './realtime/attach';
import { registerAttemptLimits } from './core/accounts/attemptLimits';
import { attachPush } from './features/push/plugin';
import { pushRoutes } from './features/push/routes';
import { passwordResetRoutes } from './features/passwordReset/routes';
import { passkeyRoutes } from './features/passkeys/routes';
import { secondFactorRoutes } from './features/secondFactor/routes';
import { reauthenticationRoutes } from './features/reauthentication/routes';
import { accountSessionRoutes } from './features/accountSessions/routes';
import { secondStepFor } from './features/secondFactor/requirement';
import { registerCleanups } from './cleanups';

const BODY_LIMIT_BYTES = 256 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** Null unless METRICS_TOKEN is set: nothing is measured then (docs/metrics.md). */
    metrics: AppMetrics | null;
  }
}

export type AppDependencies = {
  clock?: Clock;
  /** The embedded database, for its state in /metrics (main.ts passes it). */
  embeddedDatabase?: { restarts: number };
};

/** Builds the app: plugins first, then the feature routes. The database must already be connected. */
export async function buildApp(config: Config, deps: AppDependencies = {}): Promise<FastifyInstance> {
  useNorwegianZodMessages();
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, serializers: logSerializers, ...(config.logFile ? { file: config.logFile } : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // A student name of 100 characters is up to 1,200 once percent-encoded in a path (4-byte UTF-8 × 3).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1200 },
    // A path that is not valid UTF-8 (or a bad media type) is answered as every error is: { message, code }.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      void (reply as FastifyReply)
        .code(status)
        .send(errorBody(status, error.code === 'FST_ERR_BAD_URL' ? 'Ugyldig adresse' : 'Ugyldig forespørsel'));
    },
  });
  app.decorate('clock', deps.clock ?? systemClock);
  registerCleanups();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler as never);

  registerErrorHandling(app);
  const metrics = config.metricsToken ? new AppMetrics(deps.embeddedDatabase) : null;
  app.decorate('metrics', metrics);
  if (metrics && config.metricsToken) registerMetrics(app, metrics, config.metricsToken);
  await registerSecurity(app, config);
  await app.register(sessionPlugin, { config, store: new MongoSessionStore(config.sessionIdleMs) });
  registerAttemptLimits(app, config);
  registerPrincipals(app, cachedPrincipals);
  registerAccessControl(app, config);
  registerSchoolScope(app);
  registerEventOrigin(app);
  registerIdempotency(app);
  await attachRealtime(app, config);
  await attachPush(app, config);
  await registerOpenApi(app, config);
  // The database came back after an outage: open screens fetch again what they may have missed.
  const restored = () => app.realtime.toEveryone('connections.restored', {});
  mongoose.connection.on('reconnected', restored);
  app.addHook('onClose', async () => void mongoose.connection.off('reconnected', restored));

  await app.register(healthRoutes);
  const oidcProviders = new OidcProviders(config);
  await app.register(authRoutes, {
    config,
    endSessionUrl: (request) => endSessionUrl(request, oidcProviders, config),
    secondStep: secondStepFor(config),
  });
  await app.register(oidcRoutes, { config, providers: oidcProviders });
  await app.register(passwordResetRoutes, { config });
  await app.register(passkeyRoutes, { config });
  await app.register(secondFactorRoutes, { config });
  await app.register(reauthenticationRoutes, { config });
  await app.register(accountSessionRoutes);
  await app.register(schoolRoutes);
  await app.register(userRoutes);
  await app.register(classRoutes);
  await app.register(studentRegisterRoutes);
  await app.register(registerImportRoutes);
  await app.register(rollCallRoutes);
  await app.register(evacuationRoutes);
  await app.register(platformRoutes);
  await app.register(taskButtonRoutes);
  await app.register(reportRoutes);
  await app.register(reportVersionRoutes);
  await app.register(adminReportRoutes);
  await app.register(exportRoutes, { config });
  await app.register(sickRoutes);
  await app.register(awayRoutes);
  await app.register(maintenanceRoutes);
  await app.register(pushRoutes, { config });
  await app.register(auditRoutes);
  await app.register(studentRoutes);

  await registerClient(app, config, sessionCookieName(config));
  // Last, so that an app that failed to build holds no clock: from here until it closes, what is
  // stored (createdAt/updatedAt, the audit trail) is stamped on its clock too.
  const releaseClock = installAppClock(app.clock);
  app.addHook('onClose', async () => releaseClock());
  return app;
}
