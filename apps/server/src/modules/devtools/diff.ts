/**
 * A line diff of two texts in unified form (`-` removed, `+` added, two lines of context), from
 * their longest common subsequence. Enough for the generator's preview of a file it would change.
 */
export function lineDiff(before: string, after: string, context = 2): string {
  const a = before.split('\n');
  const b = after.split('\n');
  // Trim the common head and tail: only the middle needs the quadratic table.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const n = x.length;
  const m = y.length;
  if (n * m > 4_000_000)
    return `--- a\n+++ b\n${x.map((l) => `-${l}`).join('\n')}\n${y.map((l) => `+${l}`).join('\n')}`;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && x[i] === y[j]) {
      ops.push(` ${x[i]}`);
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) ops.push(`+${y[j++]}`);
    else ops.push(`-${x[i++]}`);
  }
  const lines = [
    ...a.slice(Math.max(0, head - context), head).map((l) => ` ${l}`),
    ...ops,
    ...a.slice(a.length - tail, a.length - tail + context).map((l) => ` ${l}`),
  ];
  return `--- a\n+++ b\n@@ line ${Math.max(1, head - context + 1)} @@\n${lines.join('\n')}`;
}
