import { useQuery } from '@tanstack/react-query';
import { siteOperations } from '@pod/shared';
import { call } from '../../api/call.ts';

/** Query keys of the site context (CONVENTIONS §14). */
export const siteKeys = {
  all: ['site'] as const,
  info: () => [...siteKeys.all, 'info'] as const,
};

/** Site info for the shell: name, logo, favicon (GET /api/v1/index, spec §7). */
export function useSiteInfo() {
  return useQuery({
    queryKey: siteKeys.info(),
    // The shell renders the failure with a retry button, so no extra toast.
    queryFn: ({ signal }) => call(siteOperations.getSiteIndex, { signal, showErrorMessage: false }),
    staleTime: 5 * 60_000,
  });
}
