import { useCallback, useState } from 'react';

const keyOf = (resource: string) => `crudColumns:${resource}`;

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

/** The columns a user hid in a resource's table, stored per resource (the kit's column setting). */
export function useHiddenColumns(resource: string, defaultHidden: readonly string[]) {
  const [hidden, setHidden] = useState<string[]>(() =>
    readHiddenColumns(localStorage.getItem(keyOf(resource)), defaultHidden),
  );
  const update = useCallback(
    (next: string[]) => {
      setHidden(next);
      localStorage.setItem(keyOf(resource), JSON.stringify(next));
    },
    [resource],
  );
  return [hidden, update] as const;
}
