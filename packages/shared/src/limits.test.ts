import { describe, expect, it } from 'vitest';
import { mobileSchema, verificationCodeSchema } from './auth/fields.ts';
import { hexColorSchema } from './catalog/common.ts';
import { productCreateSchema } from './catalog/product.ts';
import { spuDictionaryCreateSchema } from './catalog/reference.ts';
import { LIMITS } from './limits.ts';
import { factoryCreateSchema, paymentAccountCreateSchema } from './tenancy/schemas.ts';
import { transferCreateSchema } from './wallet/schemas.ts';

const { text } = LIMITS;
const fits = (schema: { safeParse(v: unknown): { success: boolean } }, value: string) =>
  schema.safeParse(value).success;

describe('LIMITS.text: the longest text each pattern allows', () => {
  it.each([
    ['mobile', mobileSchema, `+1${'2'.repeat(text.mobile - 2)}`, text.mobile],
    ['verification code', verificationCodeSchema, '1'.repeat(text.verificationCode), text.verificationCode],
    ['post code', factoryCreateSchema.shape.post_code, 'A'.repeat(text.postCode), text.postCode],
    ['phone', factoryCreateSchema.shape.sender_phone, '1'.repeat(text.phone), text.phone],
    [
      'card number',
      paymentAccountCreateSchema.shape.card_number,
      '1'.repeat(text.cardNumber),
      text.cardNumber,
    ],
    [
      'account number',
      transferCreateSchema.shape.bank_account_no,
      '1'.repeat(text.cardNumber),
      text.cardNumber,
    ],
    ['style code', productCreateSchema.shape.style_code, 'A'.repeat(text.styleCode), text.styleCode],
    ['key', spuDictionaryCreateSchema.shape.type, 'a'.repeat(text.key), text.key],
    ['hex colour', hexColorSchema, `#${'a'.repeat(text.hexColor - 1)}`, text.hexColor],
  ])('%s', (_name, schema, longest, limit) => {
    expect(longest).toHaveLength(limit);
    expect(fits(schema, longest)).toBe(true);
    expect(fits(schema, `${longest}${longest.at(-1)!}`)).toBe(false);
  });
});
