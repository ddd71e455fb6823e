import { useEffect, useRef, useState } from 'react';
import { theme } from 'antd';
import { PROGRESS, startValue, trickleValue } from './progress.ts';

/**
 * A thin bar at the top of the page while `isActive` (spec §9: minimum 0.08, trickle 0.02, speed
 * 200 ms, trickle speed 800 ms). Written here rather than pulling in a progress library.
 */
export function ProgressBar({ isActive }: { isActive: boolean }) {
  const { token } = theme.useToken();
  const [value, setValue] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const clear = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
    clear();
    if (isActive) {
      const trickle = () => {
        setValue((v) => (v === null ? null : trickleValue(v)));
        timer.current = setTimeout(trickle, PROGRESS.trickleSpeedMs);
      };
      timer.current = setTimeout(() => {
        setValue((v) => startValue(v));
        timer.current = setTimeout(trickle, PROGRESS.trickleSpeedMs);
      }, 0);
    } else {
      // Let the bar reach the end at the configured speed, then fade it out.
      timer.current = setTimeout(() => {
        setValue((v) => (v === null ? null : 1));
        timer.current = setTimeout(() => setValue(null), PROGRESS.speedMs * 2);
      }, 0);
    }
    return clear;
  }, [isActive]);

  if (value === null) return null;
  return (
    <div
      data-testid="route-progress"
      role="progressbar"
      aria-valuenow={Math.round(value * 100)}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        zIndex: 2000,
        height: 2,
        width: `${value * 100}%`,
        background: token.colorPrimary,
        transition: `width ${PROGRESS.speedMs}ms ease, opacity ${PROGRESS.speedMs}ms ease`,
        opacity: value >= 1 ? 0 : 1,
      }}
    />
  );
}
