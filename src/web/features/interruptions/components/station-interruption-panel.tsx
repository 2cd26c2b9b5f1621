import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { interruptionStreamId } from '../../../../domain/interruptions/interruption.events';
import { reportInterruptionSchema, resolveInterruptionSchema, setExpectedEndSchema } from '../../../../domain/interruptions/interruption.schema';
import type { InterruptionView } from '../../../../domain/interruptions/interruptions.views';
import { useAuth } from '../../../lib/auth';
import { fromDateTimeInput, toDateTimeInput } from '../../../lib/datetime-input';
import { describeError, formWideError, validateInput } from '../../../lib/error-messages';
import { submitCommand, type NewQueuedCommand } from '../../../lib/offline-queue';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useLiveQuery } from '../../../lib/use-live-feed';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { Form, FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { Select, SelectItem } from '../../../ui/select';
import { TextArea } from '../../../ui/text-area';
import { TextField } from '../../../ui/text-field';
import {
  getInterruptionsQueryOptions,
  interruptionsKey,
  useInterruptionReasons,
  useInterruptions,
  useOrdersAtStation,
  useReportInterruption,
  useResolveInterruption,
  useSetExpectedEnd,
} from '../api/interruptions';
import { OpenInterruptionFacts } from './open-interruption-facts';
import '../interruptions.css';

/**
 * At the station's own screen (the operator signed in there), a report or resolution goes through
 * the station's offline queue (docs/offline-station.md): sent at once with an idempotency key, or
 * kept and sent in order once the connection is back. Elsewhere (the console) it is sent as before.
 */
function useStationQueue(stationId: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { session } = useAuth();
  const owner = session?.station?.id === stationId ? `${session.userId}:${stationId}` : null;
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  /**
   * Sends or keeps the command; says so when it is kept. Answers 'done' (applied), 'kept' (queued) or
   * the refusal's error (also in `error`, for the form).
   */
  const send = async (command: NewQueuedCommand): Promise<{ outcome: 'done' | 'kept' } | { outcome: 'refused'; error: unknown }> => {
    if (!owner) return { outcome: 'refused', error: null };
    setSending(true);
    setError(null);
    const sent = await submitCommand(owner, command);
    setSending(false);
    if (sent.kind === 'refused') {
      setError(sent.error);
      await queryClient.invalidateQueries({ queryKey: interruptionsKey });
      return { outcome: 'refused', error: sent.error };
    }
    if (sent.kind === 'queued') {
      notify({ severity: 'warning', message: t('offline.keptForLater') });
      return { outcome: 'kept' };
    }
    await queryClient.invalidateQueries({ queryKey: interruptionsKey });
    return { outcome: 'done' };
  };
  /**
   * A dialog's submit: through the queue here, else `direct`ly (the mutation with these callbacks).
   * Says done or failed (`<texts>.done`, `<texts>.failed` with the reason, the problems shown on
   * the form) and closes unless refused.
   */
  const submit = async ({ command, direct, texts, showProblems, close }: DialogSubmit) => {
    const failed = (failure: unknown) => {
      showProblems(failure);
      notify({ severity: 'error', message: t(`${texts}.failed`, { reason: describeError(t, failure) }) });
    };
    const done = () => notify({ severity: 'success', message: t(`${texts}.done`) });
    if (!owner) {
      direct({
        onSuccess: () => {
          done();
          close();
        },
        onError: failed,
      });
      return;
    }
    const sent = await send(command);
    if (sent.outcome === 'refused') return failed(sent.error);
    if (sent.outcome === 'done') done();
    close();
  };
  return { owner, submit, sending, error, reset: () => setError(null) };
}

interface DialogSubmit {
  /** The command as the station's queue keeps it. */
  command: NewQueuedCommand;
  /** Sends it without the queue (the console), calling back as a mutation does. */
  direct: (callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  /** The dialog's texts: `<texts>.done`, `<texts>.failed` ({{reason}}). */
  texts: string;
  showProblems: (error: unknown) => void;
  close: () => void;
}

/** The order select's entry for "the station as a whole". */
const wholeStation = 'whole-station';

interface ReportDraft {
  reasonId: string;
  orderId: string;
  note: string;
  /** datetime-local value; '' when not known. */
  expectedEndAt: string;
}

const emptyReport = (): ReportDraft => ({ reasonId: '', orderId: wholeStation, note: '', expectedEndAt: '' });

/** The datetime-local value as the schema reads it: empty is not known, unreadable stays as typed (refused). */
const expectedEndOf = (value: string): string | null => (value === '' ? null : (fromDateTimeInput(value) ?? value));

function ReportDialog({ stationId, isOpen, onClose }: { stationId: string; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const reasons = useInterruptionReasons(isOpen);
  const orders = useOrdersAtStation(stationId, isOpen);
  const report = useReportInterruption();
  const queue = useStationQueue(stationId);
  const check = useCallback(
    (draft: ReportDraft) =>
      validateInput(reportInterruptionSchema, {
        stationId,
        reasonId: draft.reasonId || undefined,
        orderId: draft.orderId === wholeStation ? null : draft.orderId,
        note: draft.note,
        expectedEndAt: expectedEndOf(draft.expectedEndAt),
      }),
    [stationId],
  );
  const form = useSchemaForm({ initial: emptyReport, check });
  const activeReasons = (reasons.data?.data ?? []).filter((reason) => reason.status === 'active');
  // The order in work first: it is the one most likely stopped.
  const orderItems = [
    { id: wholeStation, name: t('interruptions.report.wholeStation') },
    ...[...(orders.data?.data ?? [])]
      .sort((a, b) => Number(b.inWork) - Number(a.inWork))
      .map((order) => ({ id: order.id, name: order.inWork ? t('interruptions.report.orderInWork', { orderNumber: order.orderNumber }) : order.orderNumber })),
  ];

  const close = () => {
    form.reset(emptyReport());
    report.reset();
    queue.reset();
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    await queue.submit({
      command: {
        path: '/interruptions',
        body: checked,
        after: null,
        kind: 'report-interruption',
        recordId: stationId,
        recordLabel: '',
        detail: activeReasons.find((candidate) => candidate.id === checked.reasonId)?.name ?? '',
      },
      direct: (callbacks) => report.mutate(checked, callbacks),
      texts: 'interruptions.report',
      showProblems: form.showServerProblems,
      close,
    });
  };

  return (
    <Dialog title={t('interruptions.report.title')} isOpen={isOpen} onOpenChange={(open) => !open && close()} isDismissable={false}>
      <Form id={form.scopeId} onSubmit={(event) => void submit(event)} aria-label={t('interruptions.report.title')}>
        <FormError error={formWideError(report.error ?? queue.error)} />
        {reasons.isSuccess && activeReasons.length === 0 ? (
          <p className="interruption-no-reasons" role="alert">
            {t('interruptions.report.noReasons')}
          </p>
        ) : (
          <Select
            label={t('interruptions.fields.reason')}
            isRequired
            value={form.draft.reasonId || null}
            onChange={(key) => form.patch({ reasonId: key === null ? '' : String(key) })}
            items={activeReasons}
            errorDetail={form.problem('reasonId')}
            placeholder={t('interruptions.report.chooseReason')}
          >
            {(reason) => <SelectItem id={reason.id}>{reason.name}</SelectItem>}
          </Select>
        )}
        <Select
          label={t('interruptions.fields.order')}
          value={form.draft.orderId}
          onChange={(key) => form.patch({ orderId: key === null ? wholeStation : String(key) })}
          items={orderItems}
          errorDetail={form.problem('orderId')}
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
        <TextArea
          label={t('interruptions.fields.note')}
          description={t('interruptions.report.noteHint', { max: form.limit('note') })}
          rows={3}
          maxLength={form.limit('note')}
          {...form.field('note')}
        />
        <TextField
          type="datetime-local"
          label={t('interruptions.fields.expectedEnd')}
          description={t('interruptions.expectedEnd.hint')}
          {...form.field('expectedEndAt')}
        />
        <DialogActions>
          <Button variant="secondary" onPress={close}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" isDisabled={report.isPending || queue.sending || activeReasons.length === 0}>
            {t('interruptions.report.send')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

interface ResolveDraft {
  note: string;
}

const emptyResolve = (): ResolveDraft => ({ note: '' });
const checkResolve = (draft: ResolveDraft) => validateInput(resolveInterruptionSchema, draft);

/** The dialog in which someone resolves an open interruption with a note. */
export function ResolveInterruptionDialog({ interruption, isOpen, onClose }: { interruption: InterruptionView; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const resolve = useResolveInterruption();
  const queue = useStationQueue(interruption.stationId);
  const form = useSchemaForm({ initial: emptyResolve, check: checkResolve });

  const close = () => {
    form.reset(emptyResolve());
    resolve.reset();
    queue.reset();
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    await queue.submit({
      command: {
        path: `/interruptions/${encodeURIComponent(interruption.id)}/resolve`,
        body: checked,
        after: null,
        kind: 'resolve-interruption',
        recordId: interruption.id,
        recordLabel: '',
        detail: interruption.reason.name,
      },
      direct: (callbacks) => resolve.mutate({ id: interruption.id, input: checked }, callbacks),
      texts: 'interruptions.resolve',
      showProblems: form.showServerProblems,
      close,
    });
  };

  return (
    <Dialog title={t('interruptions.resolve.title')} isOpen={isOpen} onOpenChange={(open) => !open && close()} isDismissable={false}>
      <Form id={form.scopeId} onSubmit={(event) => void submit(event)} aria-label={t('interruptions.resolve.title')}>
        <p>{t('interruptions.resolve.intro', { station: interruption.stationName ?? '', reason: interruption.reason.name })}</p>
        <FormError error={formWideError(resolve.error ?? queue.error)} />
        <TextArea
          label={t('interruptions.fields.resolutionNote')}
          description={t('interruptions.resolve.noteHint', { max: form.limit('note') })}
          rows={3}
          isRequired
          maxLength={form.limit('note')}
          {...form.field('note')}
        />
        <DialogActions>
          <Button variant="secondary" onPress={close}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" isDisabled={resolve.isPending || queue.sending}>
            {t('interruptions.resolve.send')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

const checkExpectedEnd = (draft: { expectedEndAt: string }) => validateInput(setExpectedEndSchema, { expectedEndAt: expectedEndOf(draft.expectedEndAt) });

/** The dialog in which someone says (or changes, or clears) when an open interruption is expected to be resolved. */
export function ExpectedEndDialog({ interruption, isOpen, onClose }: { interruption: InterruptionView; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const setEnd = useSetExpectedEnd();
  const queue = useStationQueue(interruption.stationId);
  const form = useSchemaForm({ initial: () => ({ expectedEndAt: toDateTimeInput(interruption.expectedEndAt) }), check: checkExpectedEnd });

  const close = () => {
    setEnd.reset();
    queue.reset();
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    await queue.submit({
      command: {
        path: `/interruptions/${encodeURIComponent(interruption.id)}/expected-end`,
        body: checked,
        after: null,
        kind: 'set-interruption-expected-end',
        recordId: interruption.id,
        recordLabel: '',
        detail: interruption.reason.name,
      },
      direct: (callbacks) => setEnd.mutate({ id: interruption.id, input: checked }, callbacks),
      texts: 'interruptions.expectedEnd',
      showProblems: form.showServerProblems,
      close,
    });
  };

  return (
    <Dialog title={t('interruptions.expectedEnd.title')} isOpen={isOpen} onOpenChange={(open) => !open && close()} isDismissable={false}>
      <Form id={form.scopeId} onSubmit={(event) => void submit(event)} aria-label={t('interruptions.expectedEnd.title')}>
        <p>{t('interruptions.expectedEnd.intro', { station: interruption.stationName ?? '', reason: interruption.reason.name })}</p>
        <FormError error={formWideError(setEnd.error ?? queue.error)} />
        <TextField
          type="datetime-local"
          label={t('interruptions.fields.expectedEnd')}
          description={t('interruptions.expectedEnd.hint')}
          {...form.field('expectedEndAt')}
        />
        <DialogActions>
          <Button variant="secondary" onPress={close}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" isDisabled={setEnd.isPending || queue.sending}>
            {t('interruptions.expectedEnd.send')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/**
 * The station screen's Andon: while the station runs, "Report interruption"; while it is stopped,
 * a red panel with the reason and "Resolve". Live on the station's interruption stream, so a report
 * or resolution made elsewhere (an administrator in the console) shows at once.
 */
export function StationInterruptionPanel({ stationId }: { stationId: string }) {
  const { t } = useTranslation();
  const query = { open: true, stationId };
  const open = useInterruptions(query);
  useLiveQuery([`stream:${interruptionStreamId(stationId)}`], getInterruptionsQueryOptions(query).queryKey, open);
  const [reporting, setReporting] = useState(false);
  // The one being resolved stays while its dialog is open, even once the feed says it is resolved.
  const [resolving, setResolving] = useState<InterruptionView | null>(null);
  const [expecting, setExpecting] = useState<InterruptionView | null>(null);
  const current = open.data?.data[0];

  // The dialogs stay mounted whichever state the panel shows: the live feed may turn the station
  // red (or clear it) before the dialog's own answer arrives, and its notice must still show.
  const dialogs = (
    <>
      <ReportDialog stationId={stationId} isOpen={reporting} onClose={() => setReporting(false)} />
      {resolving ? <ResolveInterruptionDialog key={resolving.id} interruption={resolving} isOpen onClose={() => setResolving(null)} /> : null}
      {expecting ? <ExpectedEndDialog key={expecting.id} interruption={expecting} isOpen onClose={() => setExpecting(null)} /> : null}
    </>
  );

  if (!current) {
    return (
      <section className="interruption-station" data-interrupted="false" aria-labelledby="interruption-station-heading">
        <h2 id="interruption-station-heading" className="visually-hidden">
          {t('interruptions.station.heading')}
        </h2>
        <Button variant="secondary" onPress={() => setReporting(true)} isDisabled={!open.isSuccess}>
          {t('interruptions.report.action')}
        </Button>
        {dialogs}
      </section>
    );
  }
  return (
    <section className="interruption-station" data-interrupted="true" aria-labelledby="interruption-station-heading">
      <div className="interruption-station-text" role="alert">
        <h2 id="interruption-station-heading">{t('interruptions.station.stopped')}</h2>
        <OpenInterruptionFacts interruption={current} asOf={open.dataUpdatedAt} />
      </div>
      <Button variant="secondary" onPress={() => setExpecting(current)}>
        {t('interruptions.expectedEnd.action')}
      </Button>
      <Button onPress={() => setResolving(current)}>{t('interruptions.resolve.action')}</Button>
      {dialogs}
    </section>
  );
}
