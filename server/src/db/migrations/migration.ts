/** One numbered change to the shape of stored data. */
export interface Migration {
  version: number;
  name: string;
  /**
   * Brings data of the previous shape to this one. It must be safe to run again after a crash
   * halfway (each step checks what is already done), as the version is written only after it.
   */
  up(log: (line: string) => void): Promise<void>;
}
