import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issueToDetail } from '../shared/validation.js';
import { createAdminUserSchema, createOperationsUserSchema, loginSchema, registerSchema, verifyEmailSchema } from './identity.schema.js';

const problems = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issueToDetail(issue)).map(({ path, message }) => ({ path, message }));
};

const signUp = {
  companyName: 'Becker Metallbau',
  firstName: 'Anna',
  lastName: 'Becker',
  email: '  Anna.Becker@Example.COM ',
  password: 'Welder#1',
  confirm: 'Welder#1',
};

describe('sign-up', () => {
  it('keeps the email trimmed and lower-cased and defaults the language to English', () => {
    const parsed = registerSchema.parse(signUp);
    expect(parsed.email).toBe('anna.becker@example.com');
    expect(parsed.locale).toBe('en');
  });

  it('names each missing or wrong field with its message', () => {
    expect(problems(registerSchema, { ...signUp, companyName: '', firstName: ' ', lastName: '', email: 'nope', confirm: 'other' })).toEqual([
      { path: 'companyName', message: 'validation.required' },
      { path: 'firstName', message: 'errors.EMPTY_FIRST_NAME' },
      { path: 'lastName', message: 'errors.EMPTY_LAST_NAME' },
      { path: 'email', message: 'validation.email' },
      { path: 'confirm', message: 'validation.passwordMismatch' },
    ]);
  });

  it('limits the company name to 50 characters', () => {
    expect(problems(registerSchema, { ...signUp, companyName: 'x'.repeat(51) })).toEqual([{ path: 'companyName', message: 'validation.maxLength' }]);
  });
});

describe('login', () => {
  it('requires both fields', () => {
    expect(problems(loginSchema, { usernameOrEmail: '', password: '' })).toEqual([
      { path: 'usernameOrEmail', message: 'validation.required' },
      { path: 'password', message: 'validation.required' },
    ]);
  });
});

describe('email code', () => {
  it('wants all six digits', () => {
    expect(problems(verifyEmailSchema, { email: 'a@b.de', code: '12345' })).toEqual([{ path: 'code', message: 'validation.fullCode' }]);
    expect(problems(verifyEmailSchema, { email: 'a@b.de', code: '123456' })).toEqual([]);
  });
});

describe('team members', () => {
  it('gives an empty username or name the spec codes, and a missing one too', () => {
    expect(problems(createOperationsUserSchema, { firstName: '', lastName: '', username: '', password: 'Welder#1', confirm: 'Welder#1' })).toEqual([
      { path: 'firstName', message: 'errors.EMPTY_FIRST_NAME' },
      { path: 'lastName', message: 'errors.EMPTY_LAST_NAME' },
      { path: 'username', message: 'errors.EMPTY_USERNAME' },
    ]);
    expect(problems(createOperationsUserSchema, { password: 'Welder#1', confirm: 'Welder#1' }).map((p) => p.message)).toEqual([
      'errors.EMPTY_FIRST_NAME',
      'errors.EMPTY_LAST_NAME',
      'errors.EMPTY_USERNAME',
    ]);
  });

  it('limits names to 50 characters with the length message, not the empty one', () => {
    expect(
      problems(createOperationsUserSchema, { firstName: 'x'.repeat(51), lastName: 'P', username: 'op', password: 'Welder#1', confirm: 'Welder#1' }),
    ).toEqual([{ path: 'firstName', message: 'validation.maxLength' }]);
  });

  it('refuses a username that could be taken for an email', () => {
    expect(problems(createOperationsUserSchema, { firstName: 'O', lastName: 'P', username: 'op@site', password: 'Welder#1', confirm: 'Welder#1' })).toEqual([
      { path: 'username', message: 'validation.username' },
    ]);
  });

  it('invites an admin by name and email', () => {
    expect(problems(createAdminUserSchema, { firstName: 'Max', lastName: 'Ott', email: 'max@example.com' })).toEqual([]);
    expect(problems(createAdminUserSchema, { firstName: 'Max' })).toEqual([
      { path: 'lastName', message: 'errors.EMPTY_LAST_NAME' },
      { path: 'email', message: 'validation.required' },
    ]);
  });
});
