import { awaySchema, sickSchema, type Away, type Sick } from '../../../protocol/src';
import { getData } from './http';
import { withSchool } from './reports';

export function fetchSick(date: string, schoolId: string | null): Promise<Sick | null> {
  return getData(withSchool(`/api/sick?date=${encodeURIComponent(date)}`, schoolId), sickSchema);
}

export function fetchAway(date: string, schoolId: string | null): Promise<Away | null> {
  return getData(withSchool(`/api/away?activeOn=${encodeURIComponent(date)}`, schoolId), awaySchema);
}
