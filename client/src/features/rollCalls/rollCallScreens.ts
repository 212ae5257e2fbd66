// The roll call's screens, loaded together (rollCallChunk.ts).
export { RollCallPage } from './RollCallPage';
export { RollCallsPage } from './RollCallsPage';
