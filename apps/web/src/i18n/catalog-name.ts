/**
 * A catalogue name (product, colour, size, surface, category) in the interface language (issue 26):
 * the shared rule of @pod/shared, the same one the server applies to exports and job messages.
 */
export { catalogName } from '@pod/shared';
