import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { intakeOperations, type OrderImportRecord } from '@pod/shared';
import { ApiError } from '../../api/api-error.ts';
import { call, fillPath, toQuery } from '../../api/call.ts';
import { buildHeaders, buildUrl, isEnvelope, type QueryParams } from '../../api/client.ts';
import { uploadCall } from '../uploads/upload-request.ts';

export type { OrderImportRecord } from '@pod/shared';

/** Query keys of order import (CONVENTIONS 14). */
export const importKeys = {
  all: ['orderImport'] as const,
  list: (params: QueryParams) => [...importKeys.all, 'list', params] as const,
  detail: (id: string) => [...importKeys.all, 'detail', id] as const,
};

export const isImportOver = (record: OrderImportRecord | undefined) =>
  record !== undefined && (record.status === 'completed' || record.status === 'failed');

/** The merchant's import records; polled while one of them is still running. */
export function useImportRecords(params: QueryParams) {
  return useQuery({
    queryKey: importKeys.list(params),
    queryFn: ({ signal }) => call(intakeOperations.orderImportList, { query: params, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((r) => !isImportOver(r)) ? 1_000 : false),
  });
}

/** One import record, polled until it has finished (the progress bar). */
export function useImportRecord(id: string | null) {
  return useQuery({
    queryKey: importKeys.detail(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      call(intakeOperations.orderImportDetail, { params: { id: id! }, signal, showErrorMessage: false }),
    refetchInterval: (query) => (isImportOver(query.state.data) || query.state.error ? false : 500),
  });
}

/** Uploads the workbook for a platform and shop; the reply is the new (queued) record. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; platform: 'tiktok' | 'temu' | 'other'; shopId: string }) => {
      const form = new FormData();
      form.append('file', input.file, input.file.name);
      return uploadCall(intakeOperations.orderImportCreate, form, {
        query: { platform: input.platform, shop_id: input.shopId },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

/**
 * Fetches a file the server answers raw (the failed rows, the template) with the user's token and
 * hands it to the browser as a download; a refusal's message is thrown as an ApiError.
 */
async function downloadRaw(path: string, query: QueryParams, fileName: string): Promise<void> {
  const res = await fetch(buildUrl(path, query), { headers: buildHeaders(false) });
  if (!res.ok) {
    let msg = res.statusText;
    try {
      const body: unknown = await res.json();
      if (isEnvelope(body)) msg = body.msg;
    } catch {
      // not an envelope: the status text says it
    }
    throw new ApiError({ reason: 'server', code: res.status, httpStatus: res.status, msg });
  }
  const url = URL.createObjectURL(await res.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const downloadFailedRows = (record: OrderImportRecord) =>
  downloadRaw(
    fillPath(intakeOperations.orderImportFailedRows.path, { id: record.id }),
    {},
    `failed-rows-${record.code}.xlsx`,
  );

export const downloadTemplate = (lang: 'zh-cn' | 'en') =>
  downloadRaw(
    intakeOperations.orderImportTemplate.path,
    toQuery({ lang }),
    lang === 'en' ? 'order-import-template.xlsx' : '订单导入模板.xlsx',
  );
