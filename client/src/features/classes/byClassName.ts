import { compareNames, type SchoolClass } from '#protocol';

/** Classes in the order a school reads them: '2A' before '10A', case ignored. */
export const byClassName = (a: SchoolClass, b: SchoolClass) => compareNames(a.className, b.className);
