import { PATHS } from '../../app/paths.ts';

/** The editor for a product, or to edit a finished product again. */
export function editorHref(productId: string, finishedId?: string): string {
  const query = new URLSearchParams({ product: productId });
  if (finishedId) query.set('finished', finishedId);
  return `${PATHS.adminDesign}?${query.toString()}`;
}
