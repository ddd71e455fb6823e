import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { syncOperations, type MenuNode, type OpData, type SyncRecordListQuery } from '@pod/shared';
import { call } from '../../api/call.ts';
import { useAdminSession } from '../../session/admin-session-context.ts';

export type SyncHealthList = OpData<typeof syncOperations.syncHealthList>;
export type SyncRecordPage = OpData<typeof syncOperations.syncRecordList>;

/** Query keys of order sync (CONVENTIONS 14). */
export const syncKeys = {
  all: ['sync'] as const,
  health: () => [...syncKeys.all, 'health'] as const,
  records: (query: SyncRecordListQuery) => [...syncKeys.all, 'records', query] as const,
};

/** The menu entry of the sync records page, when the signed-in user has it (and so may read sync health). */
function syncMenu(nodes: readonly MenuNode[]): MenuNode | null {
  for (const node of nodes) {
    if (node.component === 'sync/records') return node;
    const found = syncMenu(node.children);
    if (found) return found;
  }
  return null;
}

/** Whether the user may read sync health (the dashboard card and the shops page's badges ask). */
export function useCanSeeSync(): boolean {
  return syncMenu(useAdminSession().menus) !== null;
}

/** Every shop's sync health, refreshed every minute (a poll runs every few minutes). */
export function useSyncHealth(enabled = true) {
  return useQuery({
    queryKey: syncKeys.health(),
    queryFn: ({ signal }) => call(syncOperations.syncHealthList, { signal, showErrorMessage: false }),
    enabled,
    refetchInterval: 60_000,
  });
}

export function useSyncRecords(query: SyncRecordListQuery) {
  return useQuery({
    queryKey: syncKeys.records(query),
    queryFn: ({ signal }) => call(syncOperations.syncRecordList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshSync() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: syncKeys.all });
}

/** "Sync now" for a shop: queues the job; the page follows its progress. */
export function useSyncNow() {
  return useMutation({
    mutationFn: (shopId: string) =>
      call(syncOperations.syncNow, { params: { id: shopId }, showSuccessMessage: true }),
  });
}

export function useSaveSyncDays() {
  const refresh = useRefreshSync();
  return useMutation({
    mutationFn: ({ shopId, syncDays }: { shopId: string; syncDays: number }) =>
      call(syncOperations.syncSettingsUpdate, {
        params: { id: shopId },
        body: { sync_days: syncDays },
        showSuccessMessage: true,
      }),
    onSuccess: () => refresh(),
  });
}

export { useRefreshSync };
