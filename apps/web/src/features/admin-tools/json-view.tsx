import { Typography } from 'antd';

/** A JSON value laid out for reading (log summaries, recycled rows, before/after values). */
export function JsonView({ value, testId }: { value: unknown; testId?: string }) {
  const text = value === undefined ? 'null' : JSON.stringify(value, null, 2);
  return (
    <Typography.Paragraph data-testid={testId} style={{ marginBottom: 0 }}>
      <pre style={{ margin: 0, maxHeight: 480, overflow: 'auto', whiteSpace: 'pre-wrap' }}>{text}</pre>
    </Typography.Paragraph>
  );
}

/** A short one-line preview of a JSON value for a table cell. */
export function jsonPreview(value: unknown, max = 60): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
