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
  };
}
