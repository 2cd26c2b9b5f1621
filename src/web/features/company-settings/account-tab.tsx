import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { companyDeletionSchema, confirmsCompanyName } from '../../../domain/company/company-account.schema';
import type { CompanyAccountView, CompanyExportView } from '../../../domain/company/company-account.views';
import { useAuth } from '../../lib/auth';
import { describeError, formWideError, validateInput } from '../../lib/error-messages';
import { formatDateTime } from '../../lib/locale';
import { saveFile } from '../../lib/object-url';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../../ui/button';
import { Dialog, DialogActions } from '../../ui/dialog';
import { Form, FormError } from '../../ui/form';
import { useNotify } from '../../ui/notification-bar';
import { ProgressBar } from '../../ui/progress-bar';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { downloadExport, useCompanyAccount, useDeleteCompanyAccount, useStartExport } from './api/company-account';
import './account-tab.css';

/** Bytes as the language writes them, in KB, MB or GB (powers of 1000, like the customer list's GB). */
function formatBytes(bytes: number, language: string | undefined): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/**
 * The Account tab of the company screen: plan, trial days left, users and storage, whom to ask
 * about billing; the export of all company data (a background job, its progress followed); and,
 * for the super user, deleting the company account with the company name typed as confirmation.
 */
export function AccountTab() {
  const { t } = useTranslation();
  const account = useCompanyAccount();
  if (account.isPending) return <Spinner aria-label={t('common.loading')} />;
  if (account.isError) return <FormError error={account.error} />;
  return <AccountDetails account={account.data} />;
}

function AccountDetails({ account }: { account: CompanyAccountView }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="company-account">
      <section aria-labelledby="company-account-plan">
        <h2 id="company-account-plan">{t('companyAccount.planHeading')}</h2>
        <dl className="company-account-facts">
          <div>
            <dt>{t('companyAccount.plan')}</dt>
            <dd>{t(`companyAccount.plans.${account.plan}`)}</dd>
          </div>
          {account.trialDaysLeft === null ? null : (
            <div>
              <dt>{t('companyAccount.trialDaysLeft')}</dt>
              <dd>{account.readOnly ? t('companyAccount.trialEnded') : t('companyAccount.days', { count: account.trialDaysLeft })}</dd>
            </div>
          )}
          <div>
            <dt>{t('companyAccount.users')}</dt>
            <dd>{account.users}</dd>
          </div>
        </dl>
        <ProgressBar
          className="company-account-storage"
          label={t('companyAccount.storage')}
          value={Math.min(account.storageBytes, account.storageQuotaBytes)}
          maxValue={account.storageQuotaBytes}
          valueLabel={t('companyAccount.storageOf', {
            used: formatBytes(account.storageBytes, language),
            quota: formatBytes(account.storageQuotaBytes, language),
          })}
        />
        <p>{t('companyAccount.billing')}</p>
      </section>
      <ExportSection latest={account.latestExport} />
      {account.mayDelete ? (
        <section aria-labelledby="company-account-delete">
          <h2 id="company-account-delete">{t('companyAccount.delete.heading')}</h2>
          <p>{t('companyAccount.delete.intro')}</p>
          <Button variant="danger" onPress={() => setDeleting(true)}>
            {t('companyAccount.delete.action')}
          </Button>
          <DeleteCompanyDialog companyName={account.companyName} isOpen={deleting} onClose={() => setDeleting(false)} />
        </section>
      ) : null}
    </div>
  );
}

function ExportSection({ latest }: { latest: CompanyAccountView['latestExport'] }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const start = useStartExport();
  const [downloading, setDownloading] = useState(false);
  const running = latest?.status === 'PENDING' || latest?.status === 'RUNNING';

  const download = async (ready: CompanyExportView) => {
    if (!ready.downloadPath) return;
    setDownloading(true);
    try {
      saveFile(await downloadExport(ready.downloadPath), `company-data-${ready.requestedAt.slice(0, 10)}.zip`);
    } catch (error) {
      notify({ severity: 'error', message: t('companyAccount.export.downloadFailed', { reason: describeError(t, error) }) });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby="company-account-export">
      <h2 id="company-account-export">{t('companyAccount.export.heading')}</h2>
      <p>{t('companyAccount.export.intro')}</p>
      <Button
        isDisabled={running || start.isPending}
        onPress={() =>
          start.mutate(undefined, {
            onError: (error) => notify({ severity: 'error', message: t('companyAccount.export.failed', { reason: describeError(t, error) }) }),
          })
        }
      >
        {t('companyAccount.export.action')}
      </Button>
      {latest ? (
        <div className="company-account-export" aria-live="polite">
          {running ? <ProgressBar label={t('companyAccount.export.progress')} value={latest.progress} /> : null}
          {latest.status === 'READY' ? (
            <p>
              {t('companyAccount.export.ready', { at: formatDateTime(latest.finishedAt ?? latest.requestedAt, i18n.resolvedLanguage) })}{' '}
              <Button variant="secondary" isDisabled={downloading} onPress={() => void download(latest)}>
                {t('companyAccount.export.download')}
              </Button>
            </p>
          ) : null}
          {latest.status === 'FAILED' ? <p role="alert">{t('companyAccount.export.gaveUp')}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

/** Deleting the company: the name must be typed exactly; afterwards everyone is signed out, this user too. */
function DeleteCompanyDialog({ companyName, isOpen, onClose }: { companyName: string; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const { logout } = useAuth();
  const remove = useDeleteCompanyAccount();
  const check = useCallback(
    (draft: { companyName: string }) => {
      const checked = validateInput(companyDeletionSchema, draft);
      if (checked.ok && !confirmsCompanyName(checked.value.companyName, companyName)) {
        return { ok: false as const, errors: { companyName: { path: 'companyName', message: 'errors.COMPANY_NAME_MISMATCH' } } };
      }
      return checked;
    },
    [companyName],
  );
  const form = useSchemaForm({ initial: () => ({ companyName: '' }), check });

  const close = () => {
    form.reset({ companyName: '' });
    remove.reset();
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    remove.mutate(checked, {
      onSuccess: async () => {
        await logout();
        notify({ severity: 'success', message: t('companyAccount.delete.done', { company: companyName }) });
        navigate('/login', { replace: true });
      },
      onError: (error) => {
        form.showServerProblems(error);
        notify({ severity: 'error', message: t('companyAccount.delete.failed', { reason: describeError(t, error) }) });
      },
    });
  };

  return (
    <Dialog title={t('companyAccount.delete.title')} isOpen={isOpen} onOpenChange={(open) => !open && close()} isDismissable={false} role="alertdialog">
      <Form id={form.scopeId} onSubmit={submit} aria-label={t('companyAccount.delete.title')}>
        <p>{t('companyAccount.delete.question', { company: companyName })}</p>
        <FormError error={formWideError(remove.error)} />
        <TextField label={t('companyAccount.delete.typeName', { company: companyName })} isRequired autoComplete="off" {...form.field('companyName')} />
        <DialogActions>
          <Button variant="secondary" onPress={close}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" variant="danger" isDisabled={remove.isPending}>
            {t('companyAccount.delete.confirm')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
