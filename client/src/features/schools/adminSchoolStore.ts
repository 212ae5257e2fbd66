import { create } from 'zustand';
import { PRODUCT_NAME } from '#protocol';
import { registerStore } from '../../stores/registry';

/** Which school the Plattformadministrator works on in the admin screens, kept for the tab's life. */
const STORAGE_KEY = `${PRODUCT_NAME.toLowerCase()}_admin_school`;

function read(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function write(schoolId: string | null): void {
  try {
    if (schoolId) sessionStorage.setItem(STORAGE_KEY, schoolId);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage disabled: the choice lasts until the page is reloaded.
  }
}

interface AdminSchoolState {
  schoolId: string | null;
  choose(schoolId: string | null): void;
}

export const useAdminSchoolStore = create<AdminSchoolState>()((set) => ({
  schoolId: read(),
  choose(schoolId) {
    write(schoolId);
    set({ schoolId });
  },
}));

registerStore({
  refetchIfLoaded() {},
  // A new session (or role) starts without a chosen school.
  reset() {
    useAdminSchoolStore.getState().choose(null);
  },
});
