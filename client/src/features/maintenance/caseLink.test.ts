import { describe, expect, it } from 'vitest';
import type { MaintenanceTask } from '#protocol';
import { caseLinkStep, withoutCaseParam } from './caseLink';

const task = { id: 'c1', roomNumber: '12' } as MaintenanceTask;

describe('a link to a case (?sak=<id>)', () => {
  it('without one, nothing happens', () => {
    expect(caseLinkStep(null, true, { c1: task })).toEqual({ kind: 'none' });
    expect(caseLinkStep('', true, { c1: task })).toEqual({ kind: 'none' });
  });

  it('waits for the list to load', () => {
    expect(caseLinkStep('c1', false, {})).toEqual({ kind: 'wait' });
  });

  it('opens the case when the loaded list has it, else the case is gone', () => {
    expect(caseLinkStep('c1', true, { c1: task })).toEqual({ kind: 'open', task });
    expect(caseLinkStep('c2', true, { c1: task })).toEqual({ kind: 'gone' });
  });

  it('leaves the rest of the query as it was', () => {
    expect(withoutCaseParam(new URLSearchParams('sak=c1&schoolId=s9')).toString()).toBe('schoolId=s9');
    expect(withoutCaseParam(new URLSearchParams('sak=c1')).toString()).toBe('');
  });
});
