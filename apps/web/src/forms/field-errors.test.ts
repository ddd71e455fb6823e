import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { fieldErrorsOf } from './field-errors.ts';

const failure = (msg: string, data: unknown) =>
  new ApiError({ reason: 'server', code: 400, httpStatus: 400, msg, data });

describe('fieldErrorsOf', () => {
  it('reads the errors of a failed reply, skipping malformed entries', () => {
    const error = failure('Please enter username', {
      errors: [{ field: 'username', message: 'Please enter username' }, { field: 1 }],
    });
    expect(fieldErrorsOf(error)).toEqual([{ field: 'username', message: 'Please enter username' }]);
  });

  it('puts a business error that names its field on that field (one shape: data.errors)', () => {
    const error = failure('This username is already taken', {
      errors: [{ field: 'username', message: 'This username is already taken' }],
      quota: 3,
    });
    expect(fieldErrorsOf(error)).toEqual([{ field: 'username', message: 'This username is already taken' }]);
  });

  it('gives nothing for errors about no field, or a reply that is not an envelope', () => {
    expect(fieldErrorsOf(failure('Incorrect account or password', { errors: [] }))).toEqual([]);
    expect(fieldErrorsOf(failure('Network error', null))).toEqual([]);
    expect(fieldErrorsOf(failure('x', { errors: [{ field: '', message: 'x' }] }))).toEqual([]);
    // The retired single-field shape is not read any more.
    expect(fieldErrorsOf(failure('x', { field: 'username' }))).toEqual([]);
  });
});
