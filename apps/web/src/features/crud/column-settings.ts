import { use, useCallback, useState } from 'react';
import { AdminSessionContext } from '../../session/admin-session-context.ts';

/**
 * Column settings are kept per user (issue 19, decision 0061): the key names the signed-in admin,
 * so two accounts on one browser keep their own columns. Outside an admin session: per resource.
 */
export const columnsKeyOf = (resource: string, userId: string | null | undefined) =>
  userId ? `crudColumns:${userId}:${resource}` : `crudColumns:${resource}`;

/** Reads the stored hidden columns of a table. */
export function readHiddenColumns(raw: string | null, fallback: readonly string[]): string[] {
  if (raw === null) return [...fallback];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [...fallback];
  } catch {
    return [...fallback];
  }
}

/** The columns a user hid in a resource's table, stored per user and resource (the kit's column setting). */
export function useHiddenColumns(resource: string, defaultHidden: readonly string[]) {
  const userId = use(AdminSessionContext)?.user.id;
  const key = columnsKeyOf(resource, userId);
  const [hidden, setHidden] = useState<string[]>(() =>
    readHiddenColumns(localStorage.getItem(key), defaultHidden),
  );
  const update = useCallback(
    (next: string[]) => {
      setHidden(next);
      localStorage.setItem(key, JSON.stringify(next));
    },
    [key],
  );
  return [hidden, update] as const;
}
