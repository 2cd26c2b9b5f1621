import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Form, FormError } from './form';
import { Link } from './link';

export interface FormPageProps {
  /** The id the form's problems are looked up under (`useSchemaForm`'s `scopeId`). */
  scopeId: string;
  /** The page header above the form (breadcrumb and title). */
  header: ReactNode;
  /** The form's accessible name. */
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The notice that the record was changed meanwhile (`EditConflict`), above the problems. */
  conflict?: ReactNode;
  /** Said above the fields while the form has problems; null while it has none. */
  problems: string | null;
  /** A note above the fields, e.g. why they cannot be changed. */
  note?: string | null;
  children: ReactNode;
  /** Where Cancel leads. */
  cancelHref: string;
  submitLabel: string;
  submitDisabled: boolean;
}

/** A page that is one form: header, conflict and problem notices, the fields, and Cancel and submit below. */
export function FormPage({ scopeId, header, title, onSubmit, conflict, problems, note, children, cancelHref, submitLabel, submitDisabled }: FormPageProps) {
  const { t } = useTranslation();
  return (
    <div className="page" id={scopeId}>
      {header}
      <Form className="panel form-panel" onSubmit={onSubmit} aria-label={title}>
        {conflict}
        {problems ? <FormError>{problems}</FormError> : null}
        {note ? <p className="form-note">{note}</p> : null}
        {children}
        <div className="form-actions">
          <Link variant="button" href={cancelHref}>
            {t('common.actions.cancel')}
          </Link>
          <Button type="submit" isDisabled={submitDisabled}>
            {submitLabel}
          </Button>
        </div>
      </Form>
    </div>
  );
}
