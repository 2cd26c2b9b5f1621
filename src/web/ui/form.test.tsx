// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api';
import { fieldErrorsFromApiError, validateInput } from '../lib/error-messages';
import { createI18n, type Language } from '../lib/i18n';
import { Form } from './form';
import { NumberField } from './number-field';
import { TextField } from './text-field';

const orderSchema = z.object({ customerName: z.string().min(1).max(50), quantity: z.number().min(1).max(999) });

afterEach(cleanup);

const inLanguage = (language: Language, children: React.ReactNode) => <I18nextProvider i18n={createI18n(language)}>{children}</I18nextProvider>;

describe('form fields', () => {
  it('show the schema problem of a field translated and mark it invalid', () => {
    const result = validateInput(orderSchema, { customerName: 'x'.repeat(51), quantity: 1000 });
    const errors = result.ok ? {} : result.errors;
    render(
      inLanguage(
        'de',
        <>
          <TextField label="Kunde" errorDetail={errors.customerName} />
          <NumberField label="Menge" errorDetail={errors.quantity} />
        </>,
      ),
    );
    const input = screen.getByRole('textbox', { name: 'Kunde' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Höchstens 50 Zeichen.')).toBeTruthy();
    expect(screen.getByText('Höchstens 999.')).toBeTruthy();
  });

  it('show the problems the server sent for named fields of a form', async () => {
    const serverSaid = new ApiError(400, 'VALIDATION_ERROR', [{ path: 'customerName', message: 'validation.required' }]);
    await act(async () => {
      render(
        inLanguage(
          'en',
          <Form errors={fieldErrorsFromApiError(serverSaid)}>
            <TextField name="customerName" label="Customer" />
            <TextField name="street" label="Street" />
          </Form>,
        ),
      );
    });
    expect(screen.getByRole('textbox', { name: 'Customer' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Street' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('show no message for a valid field', () => {
    render(inLanguage('en', <TextField label="Street" description="As on the delivery note" />));
    expect(screen.getByRole('textbox', { name: 'Street' }).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('As on the delivery note')).toBeTruthy();
  });
});
