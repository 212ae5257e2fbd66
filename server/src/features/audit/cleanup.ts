import { onSchoolRemoved } from '../../core/removal/schoolRemoval';
import { AuditModel } from './model';

/**
 * A school's entries go with the school (docs/decisions.md, 'Audit trail'); its deletion itself is
 * recorded on the platform's trail. A removed user's entries stay: the trail records what was
 * done, by whom (server/src/removal.test.ts names the exception).
 */
export function registerAuditCleanup(): void {
  onSchoolRemoved('audit', {
    models: [AuditModel.modelName],
    remove: async ({ schoolId }) => void (await AuditModel.deleteMany({ schoolId })),
  });
}
