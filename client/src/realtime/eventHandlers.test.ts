import { describe, expect, it } from 'vitest';
import { combineHandlers, type EventHandlers } from './eventHandlers';

describe('the features’ listeners as one map', () => {
  it('an event two features keep reaches both, in order; the others reach their one', () => {
    const heard: string[] = [];
    const school: EventHandlers<'users.deleted' | 'classes.deleted'> = {
      'users.deleted': ({ id }) => heard.push(`skolen: ${id}`),
      'classes.deleted': ({ id }) => heard.push(`klasse: ${id}`),
    };
    const platform: EventHandlers<'users.deleted'> = { 'users.deleted': ({ id }) => heard.push(`plattformen: ${id}`) };
    const handlers = combineHandlers(school, platform);

    handlers['users.deleted']({ id: 'u1' }, { requestId: null });
    handlers['classes.deleted']({ id: 'c1' }, { requestId: null });

    expect(heard).toEqual(['skolen: u1', 'plattformen: u1', 'klasse: c1']);
  });
});
