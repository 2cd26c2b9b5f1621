import type { ReactNode } from 'react';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import { useDetailText } from '../../../ui/form';

/** What every part of the material form gets: its slice of the draft, a way to change it, and the problems by path. */
export interface SectionProps<T> {
  value: T;
  onChange: (next: T) => void;
  /** The problem of a field by its full path, e.g. `values.0.minTolerance`. */
  problem: (path: string) => ErrorDetail | undefined;
  /** The most characters the schema allows in the text field at a path (`useSchemaForm`'s `limit`), counted while typing. */
  limit?: (path: string) => number | undefined;
}

/** A titled part of the form. */
export function FormSection({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={['plain-group material-section', className].filter(Boolean).join(' ')}>
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** A problem of a whole list or row (too many entries, no option), shown under it. */
export function ListProblem({ detail }: { detail: ErrorDetail | undefined }) {
  const text = useDetailText(detail);
  return text ? <p className="field-error material-list-problem">{text}</p> : null;
}

/** Replaces the entry at `index` with what `change` makes of it. */
export const replaceAt = <T,>(list: readonly T[], index: number, change: (entry: T) => T): T[] =>
  list.map((entry, position) => (position === index ? change(entry) : entry));

export const removeAt = <T,>(list: readonly T[], index: number): T[] => list.filter((_entry, position) => position !== index);
