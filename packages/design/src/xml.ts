/**
 * The only ways a value reaches SVG markup. User strings are escaped for text and attribute
 * context alike and lose characters XML cannot carry, so no input ever becomes markup.
 */

// Characters XML 1.0 forbids (C0 controls other than tab/LF/CR, lone surrogates, U+FFFE/U+FFFF).
const INVALID_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escape a string for XML text or a double-quoted attribute. */
export function escapeXml(value: string): string {
  return value.replace(INVALID_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** A number as SVG writes it: at most 3 decimals, never exponent notation or -0. */
export function num(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const rounded = Math.round(value * 1000) / 1000;
  if (Object.is(rounded, -0) || rounded === 0) return '0';
  return Math.abs(rounded) >= 1e21 ? rounded.toFixed(0) : String(rounded);
}

/** Attributes from a record: undefined and null are left out, everything else escaped. */
export function attrs(record: Record<string, string | number | null | undefined>): string {
  let out = '';
  for (const [name, value] of Object.entries(record)) {
    if (value === undefined || value === null) continue;
    out += ` ${name}="${typeof value === 'number' ? num(value) : escapeXml(value)}"`;
  }
  return out;
}

/** An element; `children` must already be markup built by these helpers. */
export function el(
  name: string,
  record: Record<string, string | number | null | undefined>,
  children?: string,
): string {
  return children === undefined
    ? `<${name}${attrs(record)}/>`
    : `<${name}${attrs(record)}>${children}</${name}>`;
}
