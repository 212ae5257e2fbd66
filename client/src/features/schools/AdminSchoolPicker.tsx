import { useEffect, useMemo } from 'react';
import { useAdminSchoolStore } from './adminSchoolStore';
import { usePlatformSchoolsStore } from './schoolsStore';
import { useLoaded } from '../../stores/useLoaded';
import { SelectField } from '../../ui/SelectField';
import { byName } from '../../ui/byName';

/** The Plattformadministrator's choice of school on the school-scoped admin screens. */
export function AdminSchoolPicker() {
  const { loaded } = useLoaded(usePlatformSchoolsStore, '');
  const schoolsById = usePlatformSchoolsStore((state) => state.byId);
  const chosen = useAdminSchoolStore((state) => state.schoolId);
  const choose = useAdminSchoolStore((state) => state.choose);

  // A remembered school that has since been deleted is no choice at all.
  useEffect(() => {
    if (loaded && chosen && !schoolsById[chosen]) choose(null);
  }, [loaded, chosen, schoolsById, choose]);

  const options = useMemo(
    () =>
      Object.values(schoolsById)
        .sort(byName)
        .map((school) => ({ value: school.id, label: school.active ? school.name : `${school.name} (inaktiv)` })),
    [schoolsById],
  );

  return (
    <div className="card school-picker" data-testid="admin-school-picker">
      <label className="field-label" htmlFor="admin-school">
        Skole
      </label>
      <SelectField
        id="admin-school"
        value={chosen && schoolsById[chosen] ? chosen : ''}
        onChange={choose}
        options={options}
        placeholder={loaded ? 'Velg skole' : 'Laster skoler...'}
        disabled={!loaded}
        testId="admin-school-select"
      />
    </div>
  );
}
