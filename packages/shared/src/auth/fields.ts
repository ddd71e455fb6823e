import { z } from 'zod';
import { LIMITS } from '../limits.ts';

/**
 * Field rules of spec §5, shared by the server's validation and the web's forms. Messages are
 * produced from the issue kind and the field name (server: platform/http/validation.ts; web: the
 * form's rules), so the schemas carry no text of their own.
 */

/** spec §5: 3–15 characters, starts with a letter, only letters, digits, underscore. */
export const usernameSchema = z
  .string()
  .min(LIMITS.username.min)
  .max(LIMITS.username.max)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/);

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;

/** spec §5: admin area, 8–20 characters, no Chinese characters. */
export const adminPasswordSchema = z
  .string()
  .min(LIMITS.adminPassword.min)
  .max(LIMITS.adminPassword.max)
  .refine((v) => !CHINESE.test(v), { params: { rule: 'noChinese' } });

/** spec §5: member area, 6–32 characters, none of & < > " '. */
export const memberPasswordSchema = z
  .string()
  .min(LIMITS.memberPassword.min)
  .max(LIMITS.memberPassword.max)
  .refine((v) => !/[&<>"']/.test(v), { params: { rule: 'noSpecial' } });

/** A mainland mobile number, or an international one in E.164 form (+ and 7–15 digits). */
export const mobileSchema = z
  .string()
  .regex(new RegExp(`^(1[3-9]\\d{9}|\\+[1-9]\\d{6,${LIMITS.text.mobile - 2}})$`));

export const emailSchema = z.email().max(100);

/** A merchant's own number: letters, digits, dash and underscore. */
export const merchantNumberSchema = z
  .string()
  .min(2)
  .max(20)
  .regex(/^[A-Za-z0-9_-]+$/);

/** A 6-digit SMS or e-mail verification code. */
export const verificationCodeSchema = z.string().regex(new RegExp(`^\\d{${LIMITS.text.verificationCode}}$`));

/** Client-chosen captcha id: letters, digits, dash; 8–64 characters. */
export const captchaIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/);

/**
 * Click positions on the captcha image: `x,y-x,y-…;width;height`, where width and height are the
 * size the image was shown at (the server scales the clicks back to its own pixels).
 */
export const captchaInfoSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^\d+(\.\d+)?,\d+(\.\d+)?(-\d+(\.\d+)?,\d+(\.\d+)?)*;\d+(\.\d+)?;\d+(\.\d+)?$/);

/** The key that tells the server the two passwords differ ("Two password entries are inconsistent"). */
export const PASSWORD_MISMATCH = 'passwordMismatch';

/** Adds the spec §5 rule that `confirmPassword` must equal `password` (or another field). */
export function withConfirmation<T extends z.ZodObject<{ confirmPassword: z.ZodString }>>(
  schema: T,
  passwordField = 'password',
) {
  return schema.refine((v: Record<string, unknown>) => v.confirmPassword === v[passwordField], {
    path: ['confirmPassword'],
    params: { rule: PASSWORD_MISMATCH },
  });
}
