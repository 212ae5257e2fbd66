import { describe, expect, it } from 'vitest';
import { serverEventSchemas } from '#protocol';
import { keptEvents } from './realtime/eventHandlers';
import './liveEvents';

describe('the live events of the signed-in app', () => {
  it('every event of the protocol has a feature (or the socket itself) that keeps it', () => {
    const kept = new Set(keptEvents());
    expect(Object.keys(serverEventSchemas).filter((name) => !kept.has(name as keyof typeof serverEventSchemas))).toEqual([]);
  });
});
