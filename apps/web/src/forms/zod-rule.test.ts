import { describe, expect, it } from 'vitest';
import { adminRegisterBodySchema, memberCheckInBodySchema, memberProfileBodySchema } from '@pod/shared';
import { checkField, isOptional } from './zod-rule.ts';

const register = adminRegisterBodySchema.shape;
const memberRegister = memberCheckInBodySchema.options[1].shape;

// The same messages as the server's validation (spec §5, docs/decisions/0002).
describe('checkField', () => {
  it('asks to enter a missing or blank value', () => {
    expect(checkField(register.username, undefined)).toEqual({ key: 'validation.required' });
    expect(checkField(register.username, '   ')).toEqual({ key: 'validation.required' });
    expect(checkField(register.code, '')).toEqual({ key: 'validation.required' });
  });

  it('gives length messages with the limit', () => {
    expect(checkField(register.username, 'ab')).toEqual({ key: 'validation.tooShort', min: 3 });
    expect(checkField(register.username, 'a'.repeat(16))).toEqual({ key: 'validation.tooLong', max: 15 });
    expect(checkField(register.password, 'short')).toEqual({ key: 'validation.tooShort', min: 8 });
  });

  it('asks for the correct value when the format is wrong', () => {
    expect(checkField(register.username, '1abc')).toEqual({ key: 'validation.invalid' });
    expect(checkField(register.mobile, '12345')).toEqual({ key: 'validation.invalid' });
    expect(checkField(register.password, '密码密码密码密码')).toEqual({ key: 'validation.invalid' });
    expect(checkField(memberRegister.password, 'abc<def')).toEqual({ key: 'validation.invalid' });
  });

  it('accepts valid values', () => {
    expect(checkField(register.username, 'merchant_01')).toBeNull();
    expect(checkField(register.password, 'Secret123')).toBeNull();
    expect(checkField(register.mobile, '13800138000')).toBeNull();
    expect(checkField(register.code, '123456')).toBeNull();
  });

  it('lets an optional field stay empty', () => {
    expect(isOptional(memberRegister.email)).toBe(true);
    expect(isOptional(register.username)).toBe(false);
    expect(checkField(memberRegister.email, '')).toBeNull();
    expect(checkField(memberRegister.email, 'not-an-email')).toEqual({ key: 'validation.invalid' });
    expect(checkField(memberProfileBodySchema.shape.birthday, '2024-02-30x')).toEqual({
      key: 'validation.invalid',
    });
  });
});
