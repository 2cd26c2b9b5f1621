import { useCallback, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dispositions, type Disposition } from '../../../../domain/quality/ncr.events';
import { decideNcrSchema, type DecideNcrInput } from '../../../../domain/quality/ncr.schema';
import type { NcrView } from '../../../../domain/quality/quality.views';
import { formWideError, validateInput } from '../../../lib/error-messages';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { Form, FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { Select, SelectItem } from '../../../ui/select';
import { TextArea } from '../../../ui/text-area';
import { useDecideNcr, useReworkStations, useScrapReasons } from '../api/ncrs';

interface DecisionDraft {
  disposition: Disposition | '';
  note: string;
  reworkStationId: string;
  scrapReasonId: string;
}

const isDisposition = (value: unknown): value is Disposition => dispositions.includes(value as Disposition);

/** Return to supplier is offered for bought material only (the server refuses it otherwise). */
const offeredFor = (ncr: NcrView) => dispositions.filter((disposition) => disposition !== 'return-to-supplier' || ncr.materialType === 'purchasing_part');

/** The decision on a held NCR (the quality right): what happens to the pieces, with what each disposition needs. */
export function DecisionForm({ ncr }: { ncr: NcrView }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const stations = useReworkStations();
  const reasons = useScrapReasons();
  const decide = useDecideNcr(ncr.id);
  const check = useCallback(
    (draft: DecisionDraft) =>
      validateInput(decideNcrSchema, {
        version: ncr.version,
        disposition: draft.disposition || undefined,
        note: draft.note,
        reworkStationId: draft.reworkStationId || null,
        scrapReasonId: draft.scrapReasonId || null,
      }),
    [ncr.version],
  );
  const form = useSchemaForm({ initial: (): DecisionDraft => ({ disposition: '', note: '', reworkStationId: '', scrapReasonId: '' }), check });
  const { draft } = form;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked: DecideNcrInput | undefined = form.submit();
    if (!checked) return;
    // A decided NCR is no longer held: the form leaves the screen as the NCR is read again, so the
    // outcome is awaited here rather than in `mutate`'s callbacks, which an unmounted form never runs.
    decide
      .mutateAsync(checked)
      .then((decided) => notify({ severity: 'success', message: t('quality.decision.saved', { number: decided.number }) }), form.showServerProblems);
  };

  const needsReason = draft.disposition === 'scrap' || draft.disposition === 'return-to-supplier';
  return (
    <Form onSubmit={submit} aria-label={t('quality.decision.title')} id={form.scopeId} className="ncr-decision">
      <h2>{t('quality.decision.title')}</h2>
      <FormError error={formWideError(decide.error)} />
      <Select
        name="disposition"
        label={t('quality.decision.disposition')}
        value={draft.disposition || null}
        onChange={(value) => form.patch({ disposition: isDisposition(value) ? value : '' })}
        errorDetail={form.problem('disposition')}
        items={offeredFor(ncr).map((id) => ({ id }))}
        isRequired
      >
        {(item) => <SelectItem id={item.id}>{t(`quality.dispositions.${item.id}`)}</SelectItem>}
      </Select>
      {draft.disposition === 'rework' ? (
        <Select
          name="reworkStationId"
          label={t('quality.decision.reworkStation')}
          value={draft.reworkStationId || null}
          onChange={(value) => form.patch({ reworkStationId: typeof value === 'string' ? value : '' })}
          errorDetail={form.problem('reworkStationId')}
          items={(stations.data?.data ?? []).map((station) => ({ id: station.id, name: station.name }))}
          isRequired
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
      ) : null}
      {needsReason ? (
        <Select
          name="scrapReasonId"
          label={t('quality.decision.scrapReason')}
          value={draft.scrapReasonId || null}
          onChange={(value) => form.patch({ scrapReasonId: typeof value === 'string' ? value : '' })}
          errorDetail={form.problem('scrapReasonId')}
          items={(reasons.data?.data ?? []).filter((entry) => entry.status === 'active').map((entry) => ({ id: entry.id, name: entry.name }))}
          isRequired
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
      ) : null}
      <TextArea
        {...form.field('note')}
        label={t('quality.decision.note')}
        description={draft.disposition === 'use-as-is' ? t('quality.decision.noteRequired') : undefined}
        isRequired={draft.disposition === 'use-as-is'}
      />
      <Button type="submit" isDisabled={decide.isPending}>
        {t('quality.decision.submit')}
      </Button>
    </Form>
  );
}
