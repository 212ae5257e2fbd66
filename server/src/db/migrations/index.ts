import type { Migration } from './migration';
import { v1SchoolDatabases } from './v1SchoolDatabases';
import { v2HealthDataRetention } from './v2HealthDataRetention';
import { v3TickLabels } from './v3TickLabels';

/** Every migration in order; the last one's version is the shape this code reads and writes. */
export const MIGRATIONS: readonly Migration[] = [v1SchoolDatabases, v2HealthDataRetention, v3TickLabels];
