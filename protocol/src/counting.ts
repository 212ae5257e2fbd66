/**
 * A number with its noun in the right form: '1 bruker', '3 brukere', '0 brukere'. Norwegian
 * takes the singular for exactly one (issue 13: counts read as a Norwegian would write them).
 */
export function countNoun(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
