import { downloadFile } from '../../ui/downloadFile';

/** Saves a value as a JSON file through the browser's own download. */
export function downloadJson(fileName: string, value: unknown): void {
  downloadFile(fileName, JSON.stringify(value, null, 2), 'application/json');
}
