import { useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  HANDLES,
  moveRect,
  resizeRect,
  templateRect,
  withPrintArea,
  type Handle,
  type Rect,
} from './surface-geometry.ts';

export interface SurfaceAreas {
  print_area: Rect;
  safe_area: Rect;
}

type Target = 'print' | 'safe';
interface Drag {
  target: Target;
  handle: Handle | null;
  startX: number;
  startY: number;
  start: SurfaceAreas;
}

const COLORS: Record<Target, { line: string; fill: string }> = {
  print: { line: '#1677ff', fill: 'rgba(22, 119, 255, 0.10)' },
  safe: { line: '#52c41a', fill: 'transparent' },
};

const HANDLE_SIZE = 10;
const CURSORS: Record<Handle, string> = {
  n: 'ns-resize',
  s: 'ns-resize',
  e: 'ew-resize',
  w: 'ew-resize',
  ne: 'nesw-resize',
  sw: 'nesw-resize',
  nw: 'nwse-resize',
  se: 'nwse-resize',
};

function handleStyle(handle: Handle, color: string): CSSProperties {
  const half = -HANDLE_SIZE / 2;
  const style: CSSProperties = {
    position: 'absolute',
    width: HANDLE_SIZE,
    height: HANDLE_SIZE,
    background: '#fff',
    border: `2px solid ${color}`,
    borderRadius: 2,
    cursor: CURSORS[handle],
    touchAction: 'none',
  };
  if (handle.includes('n')) style.top = half;
  else if (handle.includes('s')) style.bottom = half;
  else style.top = `calc(50% + ${half}px)`;
  if (handle.includes('w')) style.left = half;
  else if (handle.includes('e')) style.right = half;
  else style.left = `calc(50% + ${half}px)`;
  return style;
}

/**
 * The visual print-area editor (issue 6): the surface's mockup template image with its print area
 * (blue) and safe area (green, dashed) drawn over it, in template pixels. Drag inside to move the
 * print area (the safe area comes along), drag an edge or corner handle to resize either. The
 * numeric fields beside it edit the same values, for exact numbers and for keyboard users.
 */
export function SurfaceAreaEditor({
  imageUrl,
  template,
  value,
  onChange,
  maxWidth = 480,
}: {
  imageUrl: string | null;
  template: { width: number; height: number };
  value: SurfaceAreas;
  onChange: (next: SurfaceAreas) => void;
  maxWidth?: number;
}) {
  const { t } = useTranslation();
  const drag = useRef<Drag | null>(null);
  const [active, setActive] = useState<Target | null>(null);
  const width = Math.min(maxWidth, template.width);
  const scale = width / template.width;
  const height = Math.round(template.height * scale);

  const start = (target: Target, handle: Handle | null) => (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { target, handle, startX: event.clientX, startY: event.clientY, start: value };
    setActive(target);
  };

  const move = (event: ReactPointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    const dx = (event.clientX - current.startX) / scale;
    const dy = (event.clientY - current.startY) / scale;
    const { start: before } = current;
    if (current.target === 'print') {
      const bounds = templateRect(template);
      const next = current.handle
        ? resizeRect(before.print_area, current.handle, dx, dy, bounds)
        : moveRect(before.print_area, dx, dy, bounds);
      onChange(withPrintArea(before, next));
    } else {
      const next = current.handle
        ? resizeRect(before.safe_area, current.handle, dx, dy, before.print_area)
        : moveRect(before.safe_area, dx, dy, before.print_area);
      onChange({ print_area: before.print_area, safe_area: next });
    }
  };

  const end = (event: ReactPointerEvent<HTMLElement>) => {
    if (!drag.current) return;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
    drag.current = null;
    setActive(null);
  };

  const box = (target: Target, rect: Rect) => {
    const color = COLORS[target];
    return (
      <div
        data-testid={target === 'print' ? 'print-area' : 'safe-area'}
        role="presentation"
        title={t(target === 'print' ? 'catalog.surface.printArea' : 'catalog.surface.safeArea')}
        onPointerDown={start(target, null)}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        style={{
          position: 'absolute',
          left: rect.x * scale,
          top: rect.y * scale,
          width: rect.width * scale,
          height: rect.height * scale,
          boxSizing: 'border-box',
          border: `2px ${target === 'print' ? 'solid' : 'dashed'} ${color.line}`,
          background: color.fill,
          cursor: 'move',
          touchAction: 'none',
          // Dragging inside the safe area moves the whole print area; the safe area's own handles
          // resize it.
          pointerEvents: target === 'safe' ? 'none' : undefined,
          zIndex: target === 'safe' ? 2 : 1,
          outline: active === target ? `1px solid ${color.line}` : undefined,
        }}
      >
        {HANDLES.map((handle) => (
          <span
            key={handle}
            data-testid={`${target}-handle-${handle}`}
            onPointerDown={start(target, handle)}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
            style={{ ...handleStyle(handle, color.line), pointerEvents: 'auto' }}
          />
        ))}
      </div>
    );
  };

  return (
    <div>
      <div
        data-testid="surface-editor"
        style={{
          position: 'relative',
          width,
          height,
          userSelect: 'none',
          background: imageUrl
            ? '#f5f5f5'
            : 'repeating-conic-gradient(#f0f0f0 0% 25%, #fafafa 0% 50%) 50% / 20px 20px',
          border: '1px solid #d9d9d9',
          overflow: 'visible',
        }}
      >
        {imageUrl ? (
          <img
            src={imageUrl}
            alt=""
            draggable={false}
            width={width}
            height={height}
            style={{ display: 'block', width, height, pointerEvents: 'none' }}
          />
        ) : null}
        {box('print', value.print_area)}
        {box('safe', value.safe_area)}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('catalog.surface.editorHint', { width: template.width, height: template.height })}
      </Typography.Text>
    </div>
  );
}
