import { z } from 'zod';
import type { SignInForm, SignInFormInfo } from '@pod/shared';

const rulesCache = new Map<z.ZodType, Record<string, unknown>>();

/** The JSON Schema of a form's POST body (its input side: what the client sends), computed once. */
function rulesOf(body: z.ZodType): Record<string, unknown> {
  let rules = rulesCache.get(body);
  if (!rules) {
    rules = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' });
    rulesCache.set(body, rules);
  }
  return rules;
}

/**
 * The GET side of a spec §7 "method variable" sign-in call: what the form needs before it posts —
 * whether the captcha is on for this host, the agreement to tick, the tabs and the body's rules.
 */
export function signInFormInfo(
  form: SignInForm,
  body: z.ZodType,
  captcha: { enabled: boolean; length: number },
): SignInFormInfo {
  return {
    form,
    captcha: { enabled: captcha.enabled, length: captcha.length },
    agreement_url: form === 'login' ? null : '/protocol',
    tabs: form === 'checkIn' ? ['login', 'register'] : [],
    rules: rulesOf(body),
  };
}
