import { DEMO_LOGINS, workingDemoLogins } from './seedDemoData';

/** Prints the demo logins that work now; any changed since the demo was made are left out, and said so. */
export async function printDemoLogins(url: string, seeded: boolean): Promise<void> {
  const working = await workingDemoLogins();
  console.log(
    seeded
      ? '\nDemodata er opprettet, med fem uker med rapporter, runder, sykelister, reiser og saker. Demo-innlogginger:'
      : '\nDemo-innlogginger (fra demodataene):',
  );
  for (const login of working) console.log(`  ${login.label.padEnd(26)} ${login.email.padEnd(34)} ${login.password}`);
  if (working.some((login) => login.role === 'Plattformadministrator')) {
    console.log(`  (Plattformadministrator logger inn på ${url}/plattformadministrator-login)`);
  }
  const changed = DEMO_LOGINS.length - working.length;
  if (changed > 0) console.log(`  (${changed} demo-innlogging${changed === 1 ? '' : 'er'} er endret eller brukt av andre, og vises ikke)`);
}
