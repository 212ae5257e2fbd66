// Usage: npm run seed
// Adds the demo school, its users and its weeks of history to the configured database (MONGODB_URI
// or the embedded one), unless the demo school is there already, and prints the logins that work.
// The history is written through the app's own services, so the app is built (not started) for it.
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { connectDatabase } from '../server/src/db/connect';
import { runMigrations } from '../server/src/db/migrations/runMigrations';
import { printDemoLogins } from '../server/src/features/demo/printDemoLogins';
import { seedDemoData } from '../server/src/features/demo/seedDemoData';

const config = loadConfig();
if (config.env === 'production') {
  console.error('Demodata legges ikke inn i produksjon: demobrukernes passord står i README.');
  process.exit(1);
}
const database = await connectDatabase(config, console.log);
try {
  await runMigrations(console.log);
  const app = await buildApp({ ...config, logLevel: 'warn' });
  try {
    await printDemoLogins(`http://localhost:${config.port}`, await seedDemoData(app));
  } finally {
    await app.close();
  }
} finally {
  await database.close();
}
