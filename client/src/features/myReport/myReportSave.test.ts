import { describe, expect, it } from 'vitest';
import { HttpError } from '../../api/http';
import { refusal } from './myReportSave';

const answer = (status: number, body: unknown) => new HttpError(status, typeof body === 'string' ? body : JSON.stringify(body));

describe('how a refused save ended', () => {
  it('is decided by the server’s code, whatever its message says', () => {
    expect(refusal(answer(409, { message: 'Hva som helst', code: 'reportLocked' }))).toEqual({ kind: 'locked' });
    expect(refusal(answer(409, { message: 'Hva som helst', code: 'reportResetWindow' }))).toEqual({ kind: 'resetWindow' });
    expect(refusal(answer(400, { message: 'Hva som helst', code: 'reportWrongDay' }))).toEqual({ kind: 'wrongDay' });
    // The locked message without the code is not taken for a locked day.
    expect(refusal(answer(409, { message: 'Denne rapporten er låst', code: 'conflict' }))).toEqual({
      kind: 'failed',
      serverText: 'Denne rapporten er låst',
    });
  });

  it('a proxy’s page or a lost connection is a plain failure, with no server text to show', () => {
    expect(refusal(answer(502, '<html>Bad gateway</html>'))).toEqual({ kind: 'failed', serverText: '' });
    expect(refusal(new TypeError('Failed to fetch'))).toEqual({ kind: 'failed', serverText: '' });
  });
});
