// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api';
import { validateInput } from './error-messages';
import { useSchemaForm } from './use-schema-form';

const schema = z.object({ name: z.string().min(1, 'validation.required'), place: z.string() });
type Draft = z.input<typeof schema>;
const check = (draft: Draft) => validateInput(schema, draft);
const renderForm = () => renderHook(() => useSchemaForm({ initial: (): Draft => ({ name: '', place: '' }), check }));
const refused = (details: { path: string; message: string }[]) => new ApiError(400, 'VALIDATION_ERROR', details);

describe('useSchemaForm', () => {
  it('shows the check only after a save attempt, and then follows every change', () => {
    const { result } = renderForm();
    expect(result.current.errors).toEqual({});
    act(() => void result.current.submit());
    expect(result.current.problem('name')?.message).toBe('validation.required');
    expect(result.current.hasProblems).toBe(true);
    act(() => result.current.field('name').onChange('SÄGE'));
    expect(result.current.errors).toEqual({});
    let sent: Draft | undefined;
    act(() => {
      sent = result.current.submit();
    });
    expect(sent).toEqual({ name: 'SÄGE', place: '' });
  });

  it("keeps a reported problem until its own field is edited, while the other fields' edits leave it", () => {
    const { result } = renderForm();
    act(() =>
      result.current.showServerProblems(
        refused([
          { path: 'name', message: 'errors.DUPLICATE_VALUES' },
          { path: '', message: 'x' },
        ]),
      ),
    );
    expect(Object.keys(result.current.errors)).toEqual(['name']);
    act(() => result.current.patch({ place: 'Halle 2' }));
    expect(result.current.problem('name')?.message).toBe('errors.DUPLICATE_VALUES');
    act(() => result.current.patch({ name: 'BOHREN' }));
    expect(result.current.problem('name')).toBeUndefined();
  });

  it('drops a reported problem of a path the draft does not have with any change', () => {
    const { result } = renderForm();
    act(() => result.current.showProblems({ code: { path: 'code', message: 'errors.INVALID_OR_EXPIRED_CODE' } }));
    expect(result.current.problem('code')).toBeDefined();
    act(() => result.current.patch({ place: 'x' }));
    expect(result.current.problem('code')).toBeUndefined();
  });

  it('builds several changes of one event on each other', () => {
    const { result } = renderForm();
    act(() => {
      result.current.patch({ name: 'A' });
      result.current.patch({ place: 'B' });
    });
    expect(result.current.draft).toEqual({ name: 'A', place: 'B' });
    expect(result.current.isDirty).toBe(true);
  });
});
