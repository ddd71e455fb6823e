/**
 * The suffix SVG builder (spec §7): a file icon — a page with a folded corner — in a colour, with
 * the file's suffix written across it. The suffix is letters and digits only (the query schema
 * says so), so it needs no escaping; it is upper-cased and its font shrinks as it grows.
 */

/** A stable colour for a suffix without one: the same suffix always gets the same icon. */
const PALETTE = ['#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#ec4899', '#14b8a6', '#64748b'];

function colourFor(suffix: string): string {
  let hash = 0;
  for (const ch of suffix.toLowerCase()) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

/** `#abc`, `abc`, `#aabbcc` or `aabbcc` → `#aabbcc`. */
export function normaliseColour(background: string): string {
  const hex = background.replace(/^#/, '').toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

export function suffixSvg(suffix: string, background?: string): string {
  const label = suffix.toUpperCase();
  const fill = background ? normaliseColour(background) : colourFor(suffix);
  const fontSize = label.length <= 3 ? 22 : label.length <= 5 ? 16 : 11;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="80" viewBox="0 0 64 80">',
    `<path d="M4 0h40l20 20v56a4 4 0 0 1-4 4H4a4 4 0 0 1-4-4V4a4 4 0 0 1 4-4z" fill="${fill}"/>`,
    '<path d="M44 0l20 20H48a4 4 0 0 1-4-4z" fill="#ffffff" fill-opacity="0.45"/>',
    `<text x="32" y="58" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="${fontSize}" font-weight="700" fill="#ffffff">${label}</text>`,
    '</svg>',
  ].join('');
}
