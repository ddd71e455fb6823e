import type { CSSProperties } from 'react';

/**
 * The editor's outline (issue 26), shown at once while its code, data and fonts load: header,
 * tools, canvas and layers as grey blocks. Plain elements only, so it costs nothing to show.
 */
export function EditorSkeleton() {
  const block = (style: CSSProperties) => (
    <div style={{ background: '#eceff3', borderRadius: 6, ...style }} />
  );
  return (
    <div
      data-testid="editor-skeleton"
      aria-busy="true"
      style={{ position: 'fixed', inset: 0, display: 'flex', flexDirection: 'column', background: '#fff' }}
    >
      <div style={{ height: 56, display: 'flex', gap: 12, alignItems: 'center', padding: '0 16px' }}>
        {block({ width: 32, height: 32 })}
        {block({ width: 220, height: 20 })}
        <div style={{ flex: 1 }} />
        {block({ width: 96, height: 32 })}
      </div>
      <div style={{ flex: 1, display: 'flex', gap: 12, padding: 12, minHeight: 0 }}>
        <div style={{ width: 236, display: 'flex', flexDirection: 'column', gap: 10 }}>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <div key={i}>{block({ height: 36 })}</div>
          ))}
        </div>
        {block({ flex: 1, background: '#e9ecef' })}
        <div style={{ width: 276, display: 'flex', flexDirection: 'column', gap: 8 }}>
          {[0, 1, 2, 3].map((i) => (
            <div key={i}>{block({ height: 28 })}</div>
          ))}
        </div>
      </div>
    </div>
  );
}
