import { describe, expect, it } from 'vitest';
import { issueToDetail } from '../shared/validation.js';
import { passwordPairSchema, passwordSchema } from './password.schema.js';

const messagesOf = (input: unknown) => {
  const result = passwordPairSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issueToDetail(issue));
};

describe('password rule', () => {
  it('accepts eight characters with an uppercase letter and a special character', () => {
    expect(passwordSchema.safeParse('Welder#1').success).toBe(true);
    expect(passwordSchema.safeParse('Schweißnaht-Ä').success).toBe(true);
  });

  it.each([
    ['too short', 'Ab#1234'],
    ['no uppercase letter', 'welder#123'],
    ['no special character', 'Welder1234'],
    ['only a space as special character', 'Welder 1234'],
    ['empty', ''],
  ])('refuses a password that is %s with the complexity message', (_case, password) => {
    const result = passwordSchema.safeParse(password);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issueToDetail(issue).message)).toContain('validation.passwordComplexity');
  });

  it('refuses an absurdly long password', () => {
    expect(passwordSchema.safeParse(`A#${'x'.repeat(200)}`).success).toBe(false);
  });
});

describe('password with confirmation', () => {
  it('accepts matching passwords', () => {
    expect(messagesOf({ password: 'Welder#1', confirm: 'Welder#1' })).toEqual([]);
  });

  it('names the confirmation field when the two differ', () => {
    expect(messagesOf({ password: 'Welder#1', confirm: 'Welder#2' })).toEqual([{ path: 'confirm', message: 'validation.passwordMismatch', params: undefined }]);
  });

  it('reports a weak password once, and a mismatch beside it', () => {
    expect(messagesOf({ password: 'weak', confirm: 'other' })).toEqual([
      { path: 'password', message: 'validation.passwordComplexity', params: undefined },
      { path: 'confirm', message: 'validation.passwordMismatch', params: undefined },
    ]);
  });
});
