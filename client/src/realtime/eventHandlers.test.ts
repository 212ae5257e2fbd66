import { describe, expect, it } from 'vitest';
import { deliverEvent, registerEventHandlers, type EventHandlers } from './eventHandlers';

describe('the features’ listeners, registered with the socket layer', () => {
  it('an event two features keep reaches both, in the order they registered; the others reach their one', () => {
    const heard: string[] = [];
    const school: EventHandlers<'users.deleted' | 'classes.deleted'> = {
      'users.deleted': ({ id }) => heard.push(`skolen: ${id}`),
      'classes.deleted': ({ id }) => heard.push(`klasse: ${id}`),
    };
    const platform: EventHandlers<'users.deleted'> = { 'users.deleted': ({ id }) => heard.push(`plattformen: ${id}`) };
    registerEventHandlers(school);
    registerEventHandlers(platform);

    deliverEvent('users.deleted', { id: 'u1' }, { requestId: null });
    deliverEvent('classes.deleted', { id: 'c1' }, { requestId: null });

    expect(heard).toEqual(['skolen: u1', 'plattformen: u1', 'klasse: c1']);
  });
});
