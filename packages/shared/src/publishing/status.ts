/**
 * The publish status of a listing (spec §4: draft, to be released, in release, released, publishing
 * failure) and the one table of its transitions (decision 0044). The server applies a transition
 * with a conditional update whose allowed "from" states come from here; the web shows the buttons
 * the table allows.
 */
export const PUBLISH_STATUSES = ['draft', 'to_be_released', 'in_release', 'released', 'failed'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];

export const PUBLISH_EVENTS = [
  'edit',
  'publish',
  'republish',
  'start',
  'succeed',
  'fail',
  'unpublish',
] as const;
export type PublishEvent = (typeof PUBLISH_EVENTS)[number];

/** event → (from → to). A pair missing from the table is refused. */
export const PUBLISH_TRANSITIONS: Readonly<
  Record<PublishEvent, Readonly<Partial<Record<PublishStatus, PublishStatus>>>>
> = {
  // Editing keeps the state; a released listing is marked as changed (republish sends the edit).
  edit: { draft: 'draft', failed: 'failed', released: 'released' },
  publish: { draft: 'to_be_released' },
  // After a failure, or after an edit of a released listing (checked with canRepublish).
  republish: { failed: 'to_be_released', released: 'to_be_released' },
  // The job picks the listing up.
  start: { to_be_released: 'in_release' },
  succeed: { in_release: 'released' },
  // A listing that never started (its job failed before) fails too.
  fail: { in_release: 'failed', to_be_released: 'failed' },
  // Released → draft on our side; deactivated on the marketplace.
  unpublish: { released: 'draft' },
};

/** The state an event leads to from `from`, or null when the table does not allow it. */
export function nextPublishStatus(from: PublishStatus, event: PublishEvent): PublishStatus | null {
  return PUBLISH_TRANSITIONS[event][from] ?? null;
}

/** The states an event may start from. */
export function publishFromStatuses(event: PublishEvent): PublishStatus[] {
  return Object.keys(PUBLISH_TRANSITIONS[event]) as PublishStatus[];
}

/**
 * Whether a listing may be republished: after a failure always, a released one only when it was
 * edited since it was published (otherwise there is nothing to send).
 */
export function canRepublish(status: PublishStatus, editedSincePublish: boolean): boolean {
  if (status === 'failed') return true;
  return status === 'released' && editedSincePublish;
}

/** The actions a listing offers in its state (the list's buttons). */
export function publishActions(
  status: PublishStatus,
  editedSincePublish: boolean,
): Array<'edit' | 'publish' | 'republish' | 'unpublish'> {
  const out: Array<'edit' | 'publish' | 'republish' | 'unpublish'> = [];
  if (nextPublishStatus(status, 'edit')) out.push('edit');
  if (nextPublishStatus(status, 'publish')) out.push('publish');
  if (canRepublish(status, editedSincePublish)) out.push('republish');
  if (nextPublishStatus(status, 'unpublish')) out.push('unpublish');
  return out;
}
