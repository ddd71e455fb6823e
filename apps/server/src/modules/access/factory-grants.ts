import type { Executor } from '../../db/client.ts';
import type { Scope } from '../../platform/context.ts';

/** The ids among `ids` of the factories `scope` may act for (decision 0026). */
export type ActingFactories = (tx: Executor, scope: Scope, ids: readonly string[]) => Promise<string[]>;

let actingFactories: ActingFactories | undefined;

/**
 * Lets logistics, which owns the factories, say which of them a caller may act for: logistics
 * depends on access (admin contexts), so access cannot import it. Registering again replaces.
 */
export function registerActingFactories(lookup: ActingFactories): void {
  actingFactories = lookup;
}

/**
 * spec §6 factory permissions are granted only on factories the granter may act for itself: the
 * ids among `ids` it may (a merchant account none).
 */
export function factoriesActingFor(tx: Executor, scope: Scope, ids: readonly string[]): Promise<string[]> {
  // Never skipped silently: an app without the logistics module would let any factory be granted.
  if (!actingFactories) throw new Error('No factory lookup is registered (logisticsRoutes registers it)');
  return actingFactories(tx, scope, ids);
}
