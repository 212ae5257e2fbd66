// The loopback push service of the Web Push bench (push.ts) in a process of its own at nice 19: a
// browser vendor's push service runs on its own machines, so its work (reading each request,
// checking the VAPID token, decrypting) must not take the two cores from the app it measures.
// Spoken to over IPC: { devices: n } makes n subscriptions; { received: true } says what arrived.
import { setPriority } from 'node:os';
import { TestPushService, type TestDevice } from '../../server/test/pushService';

setPriority(19);
const service = await TestPushService.start();

type Message = { devices?: { labels: string[] }; received?: true; forget?: true; close?: true };

process.on('message', (message: Message) => {
  if (message.devices) {
    const made: Array<ReturnType<TestDevice['toJSON']>> = message.devices.labels.map((label) => service.newDevice(label).toJSON());
    process.send!({ devices: made });
  } else if (message.received) {
    // The body of each message (the case's first line) and when it was read whole.
    process.send!({
      received: { messages: service.received.map((push) => [push.message.body, push.receivedAt]), refused: service.refused.length },
    });
  } else if (message.forget) {
    service.received.length = 0;
    process.send!({ forget: true });
  } else if (message.close) {
    void service.close().then(() => process.exit(0));
  }
});
process.send!({ ready: service.origin });
