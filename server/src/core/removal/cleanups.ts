/**
 * What a feature removes when a user or a school goes: the models whose rows it deletes, and how
 * (Outline's processors are the model). Features register theirs where they are wired
 * (`features/<name>/cleanup.ts`, listed in server/src/cleanups.ts); removing a user or a school
 * runs every registered clean-up, so a new model is one registration, not another place to keep in
 * step by hand. server/src/removal.test.ts fails for a model with a user or school field that none covers.
 */
export interface Cleanup<Target> {
  /** The mongoose model names whose rows of the user or school `remove` deletes. */
  readonly models: readonly string[];
  remove(target: Target): Promise<void>;
}

export class Cleanups<Target> {
  private readonly byOwner = new Map<string, Cleanup<Target>>();

  /** One clean-up per owner (a feature, or core for its own models); registering again replaces it. */
  register(owner: string, cleanup: Cleanup<Target>): void {
    this.byOwner.set(owner, cleanup);
  }

  /** Runs every clean-up, one after another, in the order they were first registered. */
  async runAll(target: Target): Promise<void> {
    for (const cleanup of this.byOwner.values()) await cleanup.remove(target);
  }

  /** Each model some clean-up covers, with who registered it. */
  covered(): Map<string, string> {
    const models = new Map<string, string>();
    for (const [owner, cleanup] of this.byOwner) for (const model of cleanup.models) models.set(model, owner);
    return models;
  }
}
