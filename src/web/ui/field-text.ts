import { useTranslation } from 'react-i18next';
import type { ErrorDetail } from '../../domain/shared/errors';
import { translateDetail } from '../lib/problem-texts';

/** Props every field of the design system shares on top of its RAC props. */
export interface FieldBaseProps {
  /** Visible label, already translated. */
  label?: string;
  /** Help text under the field, already translated. */
  description?: string;
  /**
   * The field's problem from a domain schema (`fieldErrorsFromIssues`) or the server
   * (`fieldErrorsFromApiError`); shown translated and marks the field invalid.
   */
  errorDetail?: ErrorDetail;
}

/** The translated text of a field's problem, or undefined when there is none. */
export function useDetailText(detail: ErrorDetail | undefined): string | undefined {
  const { t } = useTranslation();
  return detail ? translateDetail(t, detail) : undefined;
}
