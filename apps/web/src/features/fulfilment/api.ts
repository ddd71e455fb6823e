import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fulfilmentOperations,
  shopOperations,
  type AnyOperation,
  type OpBody,
  type OpData,
  type OpQuery,
} from '@pod/shared';
import { call, fillPath } from '../../api/call.ts';
import { buildHeaders } from '../../api/client.ts';
import { uploadCall } from '../uploads/upload-request.ts';

const ops = fulfilmentOperations;

export type ProductionList = OpData<typeof ops.productionList>;
export type ProductionItem = ProductionList['list'][number];
export type ProductionDetail = OpData<typeof ops.productionGet>;
export type LabelImportReply = OpData<typeof ops.labelImport>;
export type LabelRow = OpData<typeof ops.labelList>['list'][number];
export type WaybillReply = OpData<typeof ops.waybillUpload>;
export type LabelSplit = OpData<typeof ops.labelSplitGet>;

/** Query keys of fulfilment (CONVENTIONS 14). */
export const fulfilmentKeys = {
  all: ['fulfilment'] as const,
  queue: (q: OpQuery<typeof ops.productionList>) => [...fulfilmentKeys.all, 'queue', q] as const,
  detail: (id: string) => [...fulfilmentKeys.all, 'detail', id] as const,
  labels: (q: OpQuery<typeof ops.labelList>) => [...fulfilmentKeys.all, 'labels', q] as const,
  methods: () => [...fulfilmentKeys.all, 'methods'] as const,
  shops: () => [...fulfilmentKeys.all, 'shops'] as const,
};

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: fulfilmentKeys.all });
}

export function useProductionQueue(query: OpQuery<typeof ops.productionList>) {
  return useQuery({
    queryKey: fulfilmentKeys.queue(query),
    queryFn: ({ signal }) => call(ops.productionList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProductionDetail(id: string | null) {
  return useQuery({
    queryKey: fulfilmentKeys.detail(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) => call(ops.productionGet, { params: { id: id ?? '' }, signal }),
  });
}

export function useStartProduction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: string[]) => call(ops.productionStart, { body: { ids } }),
    onSettled: () => refresh(),
  });
}

export function useShipOrder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OpBody<typeof ops.productionShip> }) =>
      call(ops.productionShip, { params: { id }, body, showSuccessMessage: true, showErrorMessage: false }),
    onSettled: () => refresh(),
  });
}

export function useLabelMethods() {
  return useQuery({
    queryKey: fulfilmentKeys.methods(),
    queryFn: ({ signal }) => call(ops.labelMethods, { signal }),
  });
}

/** The merchant's shops (the shops module may be switched off: then there are none). */
export function useShopOptions() {
  return useQuery({
    queryKey: fulfilmentKeys.shops(),
    queryFn: async ({ signal }) => {
      try {
        const page = await call(shopOperations.shop.list, {
          query: { page: 1, limit: 100 },
          signal,
          showErrorMessage: false,
        });
        return 'list' in page ? page.list : [];
      } catch {
        return [];
      }
    },
  });
}

export function useLabelImport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: OpBody<typeof ops.labelImport>) =>
      call(ops.labelImport, { body, showErrorMessage: false }),
    onSettled: () => refresh(),
  });
}

export function useLabels(query: OpQuery<typeof ops.labelList>) {
  return useQuery({
    queryKey: fulfilmentKeys.labels(query),
    queryFn: ({ signal }) => call(ops.labelList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWaybillUpload() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ files, onProgress }: { files: File[]; onProgress: (percent: number) => void }) => {
      const form = new FormData();
      for (const file of files) form.append('file', file, file.name);
      return uploadCall(ops.waybillUpload, form, {
        onProgress: (loaded, total) => onProgress(total > 0 ? Math.floor((loaded / total) * 100) : 0),
      });
    },
    onSettled: () => refresh(),
  });
}

export function useLabelSplit() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadCall(ops.labelSplitCreate, form, {
        onProgress: (loaded, total) => onProgress(total > 0 ? Math.floor((loaded / total) * 100) : 0),
      });
    },
  });
}

export function useConfirmSplit() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call(ops.labelSplitConfirm, { params: { id }, showSuccessMessage: true }),
    onSettled: () => refresh(),
  });
}

/** A failed file request: the server's message from its envelope, or the HTTP status. */
export class DownloadError extends Error {}

/**
 * Fetches a raw (file) operation with the caller's token and hands the bytes to the browser as a
 * download named `name` (or opens it, for a preview). The server streams zips as it writes them.
 */
export async function downloadFile(
  op: AnyOperation,
  input: { params?: Record<string, unknown>; body?: unknown },
  name: string,
  mode: 'save' | 'open' = 'save',
): Promise<void> {
  const response = await fetch(fillPath(op.path, input.params ?? {}), {
    method: op.method,
    headers: buildHeaders(input.body !== undefined),
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
  });
  if (!response.ok) {
    let msg = `HTTP ${response.status}`;
    try {
      const body = (await response.json()) as { msg?: string };
      if (body.msg) msg = body.msg;
    } catch {
      // Not an envelope: the status says it.
    }
    throw new DownloadError(msg);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  if (mode === 'open') {
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return;
  }
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
