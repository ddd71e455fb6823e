import { setTimeout as sleep } from 'node:timers/promises';
import type { Locator, Page } from 'playwright-core';

/**
 * Readers of the platform's test-only hooks, which exist only when the server runs with
 * NODE_ENV=test (see platform-server.ts): captcha answers and the SMS/e-mail outbox.
 */

interface CaptchaAnswer {
  text: string[];
  /** Centres of the characters to click, in order, in the captcha image's own pixels. */
  points: { x: number; y: number }[];
  width: number;
  height: number;
}

async function hook<T>(baseUrl: string, path: string): Promise<T | null> {
  const response = await fetch(`${baseUrl}${path}`);
  if (response.status === 404) return null;
  const body = (await response.json()) as { code: number; msg: string; data: T };
  if (body.code !== 1) throw new Error(`GET ${path} answered ${body.code}: ${body.msg}`);
  return body.data;
}

/** The answer of the captcha with this id (GET /api/test/captcha/:id). */
export async function captchaAnswer(baseUrl: string, id: string): Promise<CaptchaAnswer> {
  const answer = await hook<CaptchaAnswer>(baseUrl, `/api/test/captcha/${encodeURIComponent(id)}`);
  if (!answer) throw new Error(`no captcha ${id} on the server`);
  return answer;
}

/** The code of the latest message to a phone or e-mail (GET /api/test/outbox), waiting for it to arrive. */
export async function outboxCode(baseUrl: string, to: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const message = await hook<{ code: string }>(baseUrl, `/api/test/outbox?to=${encodeURIComponent(to)}`);
    if (message) return message.code;
    await sleep(200);
  }
  throw new Error(`no message to ${to} within ${timeoutMs} ms`);
}

/**
 * Solves the click captcha shown on the page the way a person does: clicks the displayed image at
 * the characters' centres, scaled from the image's own pixels to the size it is shown at.
 */
export async function solveCaptcha(page: Page, baseUrl: string): Promise<void> {
  const image = page.getByTestId('captcha-image');
  await image.waitFor();
  const id = await image.getAttribute('data-captcha-id');
  if (!id) throw new Error('the captcha image carries no data-captcha-id');
  const answer = await captchaAnswer(baseUrl, id);
  await clickScaled(image, answer.points, answer.width, answer.height);
}

type Box = { x: number; y: number; width: number; height: number };

const sameBox = (a: Box | null, b: Box | null) =>
  a !== null && b !== null && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/** The element's box once it stops moving (the captcha dialog zooms in when it opens). */
async function settledBox(element: Locator, timeoutMs = 5_000): Promise<Box> {
  const deadline = Date.now() + timeoutMs;
  let previous = await element.boundingBox();
  while (Date.now() < deadline) {
    await sleep(100);
    const current = await element.boundingBox();
    if (sameBox(previous, current)) return current!;
    previous = current;
  }
  throw new Error('the captcha image did not settle');
}

/** Clicks points given in an image's own pixels on the image as displayed. */
export async function clickScaled(
  image: Locator,
  points: readonly { x: number; y: number }[],
  width: number,
  height: number,
): Promise<void> {
  const box = await settledBox(image);
  for (const point of points) {
    await image.click({ position: { x: (point.x * box.width) / width, y: (point.y * box.height) / height } });
  }
}
