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

  it('my own reads "du"', () => {
    expect(roundText({ userName: 'Kari Nordmann', at: '2026-11-20T20:14:00Z', mine: true })).toBe('du 21:14');
  });
});

const ME = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const night: TaskRounds = {
  ...rounds,
  rounds: [
    { taskId: '1', userId: ME, userName: 'Kari', at: '2026-11-20T21:00:00.000Z', tickId: 'k1' },
    ...rounds.rounds,
    { taskId: '1', userId: 'cccccccccccccccccccccccc', userName: 'Ola', at: '2026-11-20T23:00:00.000Z', tickId: 'o1' },
    { taskId: '1', userId: ME, userName: 'Kari', at: '2026-11-21T01:00:00.000Z', tickId: 'k2' },
  ],
};

describe('the six task buttons', () => {
  it('every round of the night under its task, mine as "du", and the colours explained', async () => {
    await render(<TaskGrid buttons={buttons} userId={ME} rounds={night} onTick={() => {}} onUndo={() => {}} />);

    const state = (id: string) => byTestId(`task-${id}`)!.getAttribute('data-state');
    expect([state('1'), state('2'), state('3')]).toEqual(['mine', 'done', 'open']);
    expect(byTestId('task-1-rounds')!.querySelectorAll('li').length).toBe(3);
    expect([...byTestId('task-1-rounds')!.querySelectorAll('li')].map((li) => textOf(li))).toEqual(['du 22:00', 'Ola 00:00', 'du 02:00']);
    expect(textOf(byTestId('task-2-rounds'))).toBe('Ola 21:14');
    expect(byTestId('task-3-rounds')).toBeNull();
    expect(textOf(byTestId('duty-legend'))).toContain('Blå: du har gjort runden i natt');
    expect(textOf(byTestId('duty-legend'))).toContain('Grønn: bare en kollega har gjort den');
    // Only my own latest can be taken back, and never from the task's own button.
    expect(byTestId('task-1-undo')!.getAttribute('aria-label')).toBe('Angre din runde kl. 02:00: Runde 1');
    expect(byTestId('task-2-undo')).toBeNull();
  });

  it('a tap ticks the round again; Angre takes back my latest, a control of its own', async () => {
    const onTick = vi.fn();
    const onUndo = vi.fn();
    await render(<TaskGrid buttons={buttons} userId={ME} rounds={night} onTick={onTick} onUndo={onUndo} busy />);

    await update(() => byTestId('task-1')!.click());
    expect(onTick).toHaveBeenCalledWith('1');
    expect(onUndo).not.toHaveBeenCalled();
    expect(byTestId('task-1')!.getAttribute('aria-busy')).toBe('true');
  });

  it('a round ticked off line shows as mine, waiting', async () => {
    await render(
      <TaskGrid
        buttons={buttons}
        userId={ME}
        rounds={null}
        waiting={[{ taskId: '3', at: '2026-11-20T21:10:00.000Z', done: true }]}
        onTick={() => {}}
      />,
    );
    expect(byTestId('task-3')!.getAttribute('data-state')).toBe('mine');
    expect(textOf(byTestId('task-3-rounds'))).toBe('du 22:10 · venter på nett');
  });

  it('without onTick (other roles, a closed day) the tasks only show their status, nothing to press', async () => {
    await render(<TaskGrid buttons={buttons} userId={null} rounds={rounds} />);

    expect(allByTestId('duty-grid')[0]!.querySelectorAll('button')).toHaveLength(0);
    expect(byTestId('task-2')!.tagName).toBe('DIV');
    expect(byTestId('task-2')!.getAttribute('data-state')).toBe('done');
    expect(textOf(byTestId('task-2-rounds'))).toBe('Ola 21:14');
  });
});
