// Usage: npm run create-platform-admin -- <e-mail> <password> [name]
// Creates a Plattformadministrator in the configured database (MONGODB_URI or the embedded one).
import { loadConfig } from '../server/src/config';
import { connectDatabase } from '../server/src/db/connect';
import { ensurePlatformAdmin } from '../server/src/features/users/platformAdmin';

const [email, password, name] = process.argv.slice(2);
if (!email || !password || password.length < 6) {
  console.error('Bruk: npm run create-platform-admin -- <e-post> <passord (minst 6 tegn)> [navn]');
  process.exit(1);
}
const database = await connectDatabase(loadConfig(), console.log);
try {
  const created = await ensurePlatformAdmin(email, password, name);
  console.log(created ? `Plattformadministrator ${email} er opprettet.` : `${email} finnes allerede; ingenting endret.`);
} finally {
  await database.close();
}
