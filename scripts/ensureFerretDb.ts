// Builds the embedded database (FerretDB) ahead of the tests, so its one-time build is visible.
import { ensureFerretBinary } from '../server/src/db/ferretBinary';

ensureFerretBinary();
