import { compareNames } from '#protocol';

/** Norwegian order by name (users, schools). */
export function byName(a: { name: string }, b: { name: string }): number {
  return compareNames(a.name, b.name);
}
