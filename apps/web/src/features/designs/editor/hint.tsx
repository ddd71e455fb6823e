import { Tooltip, type TooltipProps } from 'antd';

/**
 * The editor's hover hints (issue 26): shown after a short pause, and never in the way. A hint
 * lets the pointer through (`pointer-events: none`), so one shown over the neighbouring buttons,
 * thumbnails or the canvas never takes their click or drag, and it closes as soon as the pointer
 * leaves its own element. Other props (a surrounding Dropdown's handlers and ref) pass on to the
 * Tooltip, which hands them to its child.
 */
export function Hint(props: TooltipProps) {
  return (
    <Tooltip
      mouseEnterDelay={0.3}
      mouseLeaveDelay={0}
      {...props}
      styles={{ root: { pointerEvents: 'none' } }}
    />
  );
}
