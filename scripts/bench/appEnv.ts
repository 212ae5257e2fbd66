/** The app as the bench runs it: production settings (no payload checks on emit), plain-HTTP cookies on loopback. */
export function benchAppEnv(databaseUri: string, sessionSecret: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    MONGODB_URI: databaseUri,
    SESSION_SECRET: sessionSecret,
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'silent',
    LOGIN_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    // The bench's sockets and cookies sit idle for minutes between their parts; the spec's 2-minute
    // idle sign-out (issue 43) would end them midway. A day, as the test servers have it.
    SESSION_ACTIVITY_LIMIT_SECONDS: '86400',
  };
}
