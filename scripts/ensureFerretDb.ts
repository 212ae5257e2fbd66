// Builds the embedded database (FerretDB) ahead of the tests, so its one-time build is visible;
// nothing to build when the tests run on MONGODB_URI.
import { usesExternalMongo } from '../server/src/db/engine';
import { ensureFerretBinary } from '../server/src/db/ferretBinary';

if (usesExternalMongo) console.log('MONGODB_URI er satt: testene bruker den, ikke den innebygde databasen.');
else await ensureFerretBinary();
