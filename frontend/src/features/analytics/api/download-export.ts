import { useMutation } from '@tanstack/react-query';
import { getRuntimeConfig } from '@/config/runtime-config';
import { accessToken, workspaceHeader } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { periodQuery } from './get-analytics';

/** The file the browser saves: analytics-<days>d[-<client>].csv */
export function exportFileName(days: number, clientId: string): string {
  return `analytics-${days}d${clientId ? `-${clientId}` : ''}.csv`;
}

/**
 * GET /analytics/export?days= answers text/csv behind the bearer token, so a plain link cannot
 * fetch it: the page reads it and hands the browser a file to save.
 */
export async function downloadExport(days: number, clientId: string): Promise<void> {
  const response = await fetch(`${getRuntimeConfig().apiBasePath}/analytics/export?${periodQuery(days, clientId)}`, {
    headers: { Accept: 'text/csv', Authorization: `Bearer ${await accessToken()}`, ...workspaceHeader() },
  });
  if (!response.ok) throw new ApiError(response.status, 'HTTP_ERROR', "Couldn't download the CSV. Try again.");
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(days, clientId);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadExport() {
  return useMutation({ mutationFn: ({ days, clientId }: { days: number; clientId: string }) => downloadExport(days, clientId) });
}
