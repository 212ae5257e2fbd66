import type { PlatformSecondFactorRule, SecondFactorRule } from '#protocol/secondFactor';
import { createSnapshotStore } from '../../stores/snapshot';
import { fetchPlatformRule, fetchSchoolRule, putPlatformRule, putSchoolRule } from './secondFactorApi';

/** The school's requirement (scope '' for an Admin's own school, else the school's id). */
export const useSchoolRuleStore = createSnapshotStore<SecondFactorRule>((scope) => fetchSchoolRule(scope || null), { keptLive: false });
/** The platform's requirement (scope ''). */
export const usePlatformRuleStore = createSnapshotStore<PlatformSecondFactorRule>(() => fetchPlatformRule(), { keptLive: false });

export const ruleActions = {
  async setSchool(required: boolean, scope: string): Promise<void> {
    useSchoolRuleStore.getState().receive(await putSchoolRule(required, scope || null));
  },
  async setPlatform(required: boolean): Promise<void> {
    usePlatformRuleStore.getState().receive(await putPlatformRule(required));
  },
};
