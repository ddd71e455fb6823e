import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { exportOperations, type ExportRecord } from '@pod/shared';
import { call } from '../../api/call.ts';
import type { QueryParams } from '../../api/client.ts';

export type { ExportRecord } from '@pod/shared';

/** Query keys of the exports (CONVENTIONS 14). */
export const exportKeys = {
  all: ['exports'] as const,
  list: (params: QueryParams) => [...exportKeys.all, 'list', params] as const,
  detail: (id: string) => [...exportKeys.all, 'detail', id] as const,
};

/** Whether an export has finished, one way or the other. */
export const isExportOver = (record: ExportRecord | undefined) =>
  record !== undefined && (record.status === 'completed' || record.status === 'failed');

/** The caller's export records; polled while one of them is still running. */
export function useExportRecords(params: QueryParams) {
  return useQuery({
    queryKey: exportKeys.list(params),
    queryFn: ({ signal }) => call(exportOperations.exportList, { query: params, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((r) => !isExportOver(r)) ? 1_000 : false),
  });
}

/** One export record, polled until it has finished (the progress bars). */
export function useExportRecord(id: string | null) {
  return useQuery({
    queryKey: exportKeys.detail(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      call(exportOperations.exportDetail, { params: { id: id! }, signal, showErrorMessage: false }),
    // Stops on an answer that will not change (e.g. 403 without exportRecord:list).
    refetchInterval: (query) => (isExportOver(query.state.data) || query.state.error ? false : 1_000),
  });
}

/** Starts an export of a list with its current filters (the reply is the new record). */
export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { page: string; filters: QueryParams }) =>
      call(exportOperations.exportCreate, {
        body: {
          page: input.page,
          filters: Object.fromEntries(
            Object.entries(input.filters).filter(
              ([key, value]) => value !== undefined && value !== '' && key !== 'page' && key !== 'limit',
            ),
          ),
          time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai',
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.all }),
  });
}

export function useRetryExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(exportOperations.exportRetry, { params: { id }, showSuccessMessage: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.all }),
  });
}

export function useDeleteExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(exportOperations.exportDelete, { params: { id }, showSuccessMessage: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.all }),
  });
}

/**
 * Downloads an export's file: asks for a signed link (valid for minutes; the server records the
 * download when the file is fetched) and lets the browser fetch it.
 */
export async function downloadExport(id: string): Promise<void> {
  const link = await call(exportOperations.exportLink, { params: { id } });
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = link.file_name;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
