import { afterEach, describe, expect, it } from 'vitest';
import { closeOutbox, enqueue, flushOutbox, mustWait, openOutbox, registerOutboxSender, useOutbox, type SendResult } from './outbox';

const KARI = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const sent: string[] = [];
let answer: (name: string) => SendResult = () => 'done';
registerOutboxSender<{ name: string }>('test', async ({ name }) => {
  const result = answer(name);
  if (result === 'done') sent.push(name);
  return result;
});

afterEach(() => {
  closeOutbox();
  localStorage.clear();
  sent.length = 0;
  answer = () => 'done';
});

describe('the outbox', () => {
  it('sends what waits in the order it was made, and every flush after the first sends again', async () => {
    openOutbox(KARI);
    answer = () => 'unreached';
    enqueue('test', { name: 'lagre' });
    enqueue('test', { name: 'runde 1' });
    await flushOutbox();
    expect(sent).toEqual([]);
    expect(useOutbox.getState().entries).toHaveLength(2);
    expect(mustWait()).toBe(true);

    answer = () => 'done';
    enqueue('test', { name: 'sak' });
    await flushOutbox();
    expect(sent).toEqual(['lagre', 'runde 1', 'sak']);
    expect(useOutbox.getState().entries).toEqual([]);
    // A flush that found nothing does not stop the next from running.
    await flushOutbox();
    enqueue('test', { name: 'senere' });
    await flushOutbox();
    expect(sent).toEqual(['lagre', 'runde 1', 'sak', 'senere']);
  });

  it('stops at the first the server cannot be reached for, keeping it and all after it', async () => {
    openOutbox(KARI);
    answer = (name) => (name === 'andre' ? 'unreached' : 'done');
    for (const name of ['første', 'andre', 'tredje']) enqueue('test', { name });
    await flushOutbox();
    expect(sent).toEqual(['første']);
    expect(useOutbox.getState().entries.map((entry) => (entry.payload as { name: string }).name)).toEqual(['andre', 'tredje']);
  });

  it('keeps its entries on the device for the same user through a reload and a sign-out, never for another', async () => {
    openOutbox(KARI);
    answer = () => 'unreached';
    enqueue('test', { name: 'uten nett' });
    closeOutbox();
    expect(useOutbox.getState().entries).toEqual([]);
    openOutbox('bbbbbbbbbbbbbbbbbbbbbbbb');
    expect(useOutbox.getState().entries).toEqual([]);
    closeOutbox();
    openOutbox(KARI);
    expect(useOutbox.getState().entries.map((entry) => entry.payload)).toEqual([{ name: 'uten nett' }]);
  });

  it('an entry whose sender is not loaded waits, and so does everything after it', async () => {
    openOutbox(KARI);
    enqueue('ukjent', { name: 'x' });
    enqueue('test', { name: 'etter' });
    await flushOutbox();
    expect(sent).toEqual([]);
    expect(useOutbox.getState().entries).toHaveLength(2);
  });
});
