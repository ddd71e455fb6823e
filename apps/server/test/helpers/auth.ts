import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** Fetches a click captcha, clicks it right (answer read from the server), and returns login fields. */
export async function solveCaptcha(t: TestApp, options: { scale?: number } = {}) {
  const id = randomUUID();
  const res = await t.app.inject({ method: 'GET', url: `/api/common/clickCaptcha?id=${id}` });
  expect(res.statusCode).toBe(200);
  const answer = await t.services.captcha.answer(id);
  if (!answer) throw new Error('captcha not stored');
  // The image may be shown scaled; clicks are sent in shown pixels with the shown size.
  const scale = options.scale ?? 1;
  const info = `${answer.points.map((p) => `${p.x * scale},${p.y * scale}`).join('-')};${answer.width * scale};${answer.height * scale}`;
  const check = await t.app.inject({
    method: 'POST',
    url: '/api/common/checkClickCaptcha',
    payload: { id, info, unset: false },
  });
  expect(check.statusCode, check.body).toBe(200);
  return { captchaId: id, captchaInfo: info };
}

export async function loginAdmin(
  t: TestApp,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password, ...(await solveCaptcha(t)), ...extra },
  });
}

/** Asks for an SMS code and reads it from the outbox, as a phone would. */
export async function smsCode(
  t: TestApp,
  url: string,
  payload: Record<string, unknown>,
  mobile: string,
): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(200);
  const message = await t.services.codes.latestMessage(mobile);
  if (!message?.code) throw new Error(`no code sent to ${mobile}`);
  return message.code;
}
