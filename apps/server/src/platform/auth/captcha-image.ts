import { randomInt } from 'node:crypto';
import { sharp } from '../images/sharp.ts';

export const CAPTCHA_WIDTH = 350;
export const CAPTCHA_HEIGHT = 200;
/** How far (image px) a click may land from a character's centre. */
export const CAPTCHA_TOLERANCE = 24;

// Latin capitals and digits without look-alikes (0/O, 1/I/L): every server font draws them.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const COLOURS = ['#1f4e8c', '#8c1f3f', '#1f7a4d', '#6b3fa0', '#a0521f', '#27636b'];
const DECOYS = 2;

export interface RenderedCaptcha {
  text: string[];
  points: Array<{ x: number; y: number }>;
  png: Buffer;
}

interface Glyph {
  char: string;
  x: number;
  y: number;
  size: number;
  rotate: number;
  colour: string;
}

function pickDistinct(n: number): string[] {
  const chars = new Set<string>();
  while (chars.size < n) chars.add(ALPHABET[randomInt(ALPHABET.length)]!);
  return [...chars];
}

/** Places glyph centres at random, far enough apart that one click cannot hit two. */
function place(n: number): Array<{ x: number; y: number }> {
  const margin = 30;
  const minDistance = CAPTCHA_TOLERANCE * 2 + 8;
  for (;;) {
    const points: Array<{ x: number; y: number }> = [];
    for (let tries = 0; points.length < n && tries < 500; tries++) {
      const p = {
        x: randomInt(margin, CAPTCHA_WIDTH - margin),
        y: randomInt(margin, CAPTCHA_HEIGHT - margin),
      };
      if (points.every((q) => Math.hypot(p.x - q.x, p.y - q.y) >= minDistance)) points.push(p);
    }
    if (points.length === n) return points;
  }
}

function svgFor(glyphs: Glyph[]): string {
  const noise = Array.from({ length: 6 }, () => {
    const c = COLOURS[randomInt(COLOURS.length)]!;
    return `<line x1="${randomInt(CAPTCHA_WIDTH)}" y1="${randomInt(CAPTCHA_HEIGHT)}" x2="${randomInt(CAPTCHA_WIDTH)}" y2="${randomInt(CAPTCHA_HEIGHT)}" stroke="${c}" stroke-opacity="0.25" stroke-width="2"/>`;
  }).join('');
  const dots = Array.from(
    { length: 60 },
    () =>
      `<circle cx="${randomInt(CAPTCHA_WIDTH)}" cy="${randomInt(CAPTCHA_HEIGHT)}" r="${randomInt(1, 3)}" fill="${COLOURS[randomInt(COLOURS.length)]!}" fill-opacity="0.3"/>`,
  ).join('');
  const text = glyphs
    .map(
      (g) =>
        `<text x="${g.x}" y="${g.y}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="${g.size}" fill="${g.colour}" text-anchor="middle" dominant-baseline="central" transform="rotate(${g.rotate} ${g.x} ${g.y})">${g.char}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef3fb"/><stop offset="1" stop-color="#f8f1e9"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>${noise}${dots}${text}</svg>`;
}

/**
 * Draws a click captcha: the characters to click (in order) plus decoys, each at a random place
 * and angle, over noise. Returns the answer (glyph centres, image px) with the PNG.
 */
export async function renderCaptcha(length = 3): Promise<RenderedCaptcha> {
  const chars = pickDistinct(length + DECOYS);
  const points = place(chars.length);
  const glyphs = chars.map((char, i) => ({
    char,
    ...points[i]!,
    size: randomInt(28, 38),
    rotate: randomInt(-35, 36),
    colour: COLOURS[randomInt(COLOURS.length)]!,
  }));
  const png = await sharp(Buffer.from(svgFor(glyphs)))
    .png()
    .toBuffer();
  return { text: chars.slice(0, length), points: points.slice(0, length), png };
}

/** Parses `x,y-x,y;shownWidth;shownHeight` and scales the clicks to image pixels. */
export function parseClicks(
  info: string,
  width: number,
  height: number,
): Array<{ x: number; y: number }> | null {
  const [pointsPart, shownW, shownH] = info.split(';');
  const sw = Number(shownW);
  const sh = Number(shownH);
  if (!pointsPart || !(sw > 0) || !(sh > 0)) return null;
  const clicks = pointsPart.split('-').map((pair) => {
    const [x, y] = pair.split(',').map(Number);
    return { x: ((x ?? NaN) * width) / sw, y: ((y ?? NaN) * height) / sh };
  });
  return clicks.every((c) => Number.isFinite(c.x) && Number.isFinite(c.y)) ? clicks : null;
}

/** True when each click, in order, lands within the tolerance of its character. */
export function clicksMatch(
  clicks: Array<{ x: number; y: number }>,
  answer: Array<{ x: number; y: number }>,
): boolean {
  return (
    clicks.length === answer.length &&
    clicks.every((c, i) => {
      const a = answer[i]!;
      return Math.hypot(c.x - a.x, c.y - a.y) <= CAPTCHA_TOLERANCE;
    })
  );
}
