import { useEffect, useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { PROGRESS } from './progress.ts';
import { ProgressBar } from './progress-bar.tsx';

/** The route progress bar: runs from a navigation until the new page's first data has arrived. */
export function RouteProgress() {
  const { key } = useLocation();
  const fetching = useIsFetching();
  const [seenKey, setSeenKey] = useState(key);
  const [isNavigating, setIsNavigating] = useState(false);
  if (seenKey !== key) {
    setSeenKey(key);
    setIsNavigating(true);
  }
  useEffect(() => {
    if (!isNavigating || fetching > 0) return;
    const timer = setTimeout(() => setIsNavigating(false), PROGRESS.speedMs);
    return () => clearTimeout(timer);
  }, [isNavigating, fetching]);
  return <ProgressBar isActive={isNavigating} />;
}
