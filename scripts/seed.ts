// Usage: npm run seed
// Adds the demo school and its users to the configured database (MONGODB_URI or the embedded one),
// unless the demo school is there already, and prints the logins that work.
import { loadConfig } from '../server/src/config';
import { connectDatabase } from '../server/src/db/connect';
import { printDemoLogins } from '../server/src/features/demo/printDemoLogins';
import { seedDemoData } from '../server/src/features/demo/seedDemoData';

const config = loadConfig();
if (config.env === 'production') {
  console.error('Demodata legges ikke inn i produksjon: demobrukernes passord står i README.');
  process.exit(1);
}
const database = await connectDatabase(config, console.log);
try {
  await printDemoLogins(`http://localhost:${config.port}`, await seedDemoData());
} finally {
  await database.close();
}
