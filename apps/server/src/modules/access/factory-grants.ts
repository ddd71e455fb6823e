import type { Executor } from '../../db/client.ts';
import type { Scope } from '../../platform/context.ts';
import { extensionPoint, type Extensions } from '../../platform/extensions.ts';

/** The ids among `ids` of the factories `scope` may act for (decision 0026). */
export type ActingFactories = (tx: Executor, scope: Scope, ids: readonly string[]) => Promise<string[]>;

/**
 * Which factories a caller may act for: logistics owns the factories and provides this in its
 * descriptor; it depends on access (admin contexts), so access cannot import it (decision 0027).
 */
export const ACTING_FACTORIES = extensionPoint<ActingFactories>('access.actingFactories');

/**
 * spec §6 factory permissions are granted only on factories the granter may act for itself: the
 * ids among `ids` it may (a merchant account none).
 */
export function factoriesActingFor(
  extensions: Extensions,
  tx: Executor,
  scope: Scope,
  ids: readonly string[],
): Promise<string[]> {
  return extensions.required(ACTING_FACTORIES)(tx, scope, ids);
}
