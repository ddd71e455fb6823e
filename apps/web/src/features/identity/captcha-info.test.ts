import { describe, expect, it } from 'vitest';
import { captchaIdSchema, captchaInfoSchema } from '@pod/shared';
import { captchaInfo, newCaptchaId } from './captcha-info.ts';

describe('captchaInfo', () => {
  it('lists the clicks and the displayed size in the contract format', () => {
    const info = captchaInfo(
      [
        { x: 10.04, y: 20.96 },
        { x: 100, y: 50.25 },
      ],
      350.4,
      200,
    );
    expect(info).toBe('10,21-100,50.3;350.4;200');
    expect(captchaInfoSchema.safeParse(info).success).toBe(true);
  });

  it('never sends a negative position (a click on the very edge)', () => {
    const info = captchaInfo([{ x: -0.4, y: 3 }], 300, 150);
    expect(info).toBe('0,3;300;150');
    expect(captchaInfoSchema.safeParse(info).success).toBe(true);
  });
});

describe('newCaptchaId', () => {
  it('is a valid, fresh id every time', () => {
    const ids = new Set(Array.from({ length: 50 }, newCaptchaId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(captchaIdSchema.safeParse(id).success).toBe(true);
  });
});
