// The export worker run from the TypeScript source (tests, `npm start`): tsx loads it. The built
// server starts dist/server/exportWorker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./exportWorker.ts');
