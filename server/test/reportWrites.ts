import type { ApiClient, ApiResponse } from './httpClient';

type Saved = { id: string; version: number; completedTasks: string[]; content: string };

/**
 * A supervisor's report written as the app writes it: the text on the version the day has now,
 * then each round ticked or unticked until the ticks are `ticks`. The last answer is returned
 * (the text's own when it was refused).
 */
export async function writeMyReport(client: ApiClient, date: string, content: string, ticks: string[] = []): Promise<ApiResponse<Saved>> {
  const mine = await client.get<{ version: number; completedTasks: string[] }>(`/api/reports/my?date=${date}`);
  if (mine.status !== 200) return mine as unknown as ApiResponse<Saved>;
  let last = await client.put<Saved>('/api/reports/my', { date, content, baseVersion: mine.body.version });
  if (last.status !== 200) return last;
  for (const taskId of ticks.filter((id) => !last.body.completedTasks.includes(id))) {
    last = await client.put<Saved>(`/api/reports/my/tasks/${taskId}`, { date, done: true });
  }
  for (const taskId of mine.body.completedTasks.filter((id) => !ticks.includes(id))) {
    last = await client.put<Saved>(`/api/reports/my/tasks/${taskId}`, { date, done: false });
  }
  return last;
}
