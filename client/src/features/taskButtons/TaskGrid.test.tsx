import { describe, expect, it, vi } from 'vitest';
import type { TaskButton as TaskButtonData, TaskRounds } from '#protocol';
import { allByTestId, byTestId, render, textOf, update } from '../../testing/render';
import { roundText } from './TaskButton';
import { TaskGrid } from './TaskGrid';

const buttons: TaskButtonData[] = [
  { id: '1', label: 'Runde 1' },
  { id: '2', label: 'Runde 2' },
  { id: '3', label: 'Lys av' },
];

const rounds: TaskRounds = {
  schoolId: 'dddddddddddddddddddddddd',
  date: '2026-11-20',
  rounds: [{ taskId: '2', userId: 'cccccccccccccccccccccccc', userName: '  Ola  Nilsen ', at: '2026-11-20T20:14:00.000Z', tickId: 't1' }],
};

describe('the round shown on a task: first name and Oslo time', () => {
  it.each([
    ['winter (UTC+1)', 'Kari Nordmann', '2026-11-20T20:14:00Z', 'Kari 21:14'],
    ['summer (UTC+2)', 'Kari Nordmann', '2026-06-20T20:14:00Z', 'Kari 22:14'],
    ['past midnight in Oslo', 'Kari', '2026-11-20T23:05:00Z', 'Kari 00:05'],
    ['extra spaces around the name', '  Ola   Nilsen ', '2026-11-20T20:14:00Z', 'Ola 21:14'],
  ])('%s', (_case, userName, at, expected) => {
    expect(roundText({ userName, at })).toBe(expected);
  });
});

describe('the six task buttons', () => {
  it('my own tick, a round done by someone else, and an open task look different', async () => {
    await render(<TaskGrid buttons={buttons} mine={['1']} rounds={rounds} onToggle={() => {}} />);

    const state = (id: string) => byTestId(`task-${id}`)!.getAttribute('data-state');
    expect([state('1'), state('2'), state('3')]).toEqual(['mine', 'done', 'open']);
    expect(textOf(byTestId('task-2')!.querySelector('[data-testid="duty-round"]'))).toBe('· Ola 21:14');
    expect(byTestId('task-1')!.getAttribute('aria-pressed')).toBe('true');
    expect(byTestId('task-3')!.getAttribute('aria-pressed')).toBe('false');
    expect(allByTestId('duty-round')).toHaveLength(1);
  });

  it('a press toggles that task', async () => {
    const onToggle = vi.fn();
    await render(<TaskGrid buttons={buttons} mine={[]} rounds={null} onToggle={onToggle} busy />);

    await update(() => byTestId('task-3')!.click());

    expect(onToggle).toHaveBeenCalledWith('3');
    expect(byTestId('task-3')!.getAttribute('aria-busy')).toBe('true');
  });

  it('without onToggle (other roles, a closed day) the tasks only show their status, nothing to press', async () => {
    await render(<TaskGrid buttons={buttons} mine={[]} rounds={rounds} />);

    expect(allByTestId('duty-grid')[0]!.querySelectorAll('button')).toHaveLength(0);
    expect(byTestId('task-2')!.tagName).toBe('DIV');
    expect(byTestId('task-2')!.getAttribute('data-state')).toBe('done');
  });
});
