// oidc-provider (the tests' real OpenID provider) ships no types; the tests use this much of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  type Ctx = {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
    };
    body?: unknown;
  };
  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: { new (init: { clientId?: string; accountId?: string }): Grant; find(id: string): Promise<Grant | undefined> };
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(
      req: IncomingMessage,
      res: ServerResponse,
    ): Promise<{ uid: string; prompt: { name: string }; params: Record<string, unknown> }>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  export type { Ctx as KoaContextWithOIDC };
}
