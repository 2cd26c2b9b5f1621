import { type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { correctAttendanceSchema, correctWorkTimeSchema, labourLimits } from '../../../../domain/labour/labour.schema';
import type { AttendanceView, WorkTimes } from '../../../../domain/labour/labour.views';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import { describeError, formWideError, validateInput } from '../../../lib/error-messages';
import { useSchemaForm, type DraftCheck } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { Form, FormError } from '../../../ui/form';
import { draftNumber, fieldNumber, NumberField } from '../../../ui/number-field';
import { useNotify } from '../../../ui/notification-bar';
import { Select, SelectItem } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { useCorrectAttendance, useCorrectWorkTime } from '../api/labour';
import { isoOfLocalInput, localInputOf } from './format';

/** What the shared frame needs of a correction's form: its scope (a refused save focuses a field in it) and the reason field. */
interface ReasonForm {
  scopeId: string;
  field: (name: 'reason') => { name: string; value: string; onChange: (value: string) => void; errorDetail?: ErrorDetail; maxChars?: number };
}

/**
 * The frame both corrections share: a dialog with the form (its problems on the fields, the server's too),
 * the reason (required, with its limit) and Cancel / Save correction.
 */
function CorrectionDialog({
  title,
  form,
  error,
  isPending,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  form: ReasonForm;
  error: unknown;
  isPending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog title={title} isOpen onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      <Form onSubmit={submit} aria-label={title}>
        <div id={form.scopeId}>
          <FormError error={formWideError(error)} />
          {children}
          <TextField
            {...form.field('reason')}
            label={t('labour.fields.reason')}
            description={t('labour.correct.reasonHint', { max: labourLimits.reason })}
            isRequired
          />
        </div>
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" isDisabled={isPending}>
            {t('labour.correct.save')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** What a correction does once sent: a notice and close, or the server's problems on the fields and a notice. */
function useOutcome(onClose: () => void, showServerProblems: (error: unknown) => void) {
  const { t } = useTranslation();
  const notify = useNotify();
  return {
    onSuccess: () => {
      notify({ severity: 'success', message: t('labour.correct.done') });
      onClose();
    },
    onError: (error: unknown) => {
      showServerProblems(error);
      notify({ severity: 'error', message: t('labour.correct.failed', { reason: describeError(t, error) }) });
    },
  };
}

interface AttendanceDraft {
  /** `datetime-local` values (the browser's zone). */
  clockedInAt: string;
  clockedOutAt: string;
  reason: string;
}

const checkAttendance = (draft: AttendanceDraft) =>
  validateInput(correctAttendanceSchema, {
    clockedInAt: isoOfLocalInput(draft.clockedInAt),
    clockedOutAt: isoOfLocalInput(draft.clockedOutAt),
    reason: draft.reason,
  });

/** A supervisor corrects an attendance's times with a reason; the original stays in the records. */
export function CorrectAttendanceDialog({ attendance, onClose }: { attendance: AttendanceView; onClose: () => void }) {
  const { t } = useTranslation();
  const correct = useCorrectAttendance();
  const form = useSchemaForm({
    initial: (): AttendanceDraft => ({
      clockedInAt: localInputOf(attendance.clockedInAt),
      clockedOutAt: attendance.clockedOutAt ? localInputOf(attendance.clockedOutAt) : '',
      reason: '',
    }),
    check: checkAttendance,
  });
  const outcome = useOutcome(onClose, form.showServerProblems);
  const send = () => {
    const input = form.submit();
    if (input) correct.mutate({ attendanceId: attendance.id, input }, outcome);
  };
  return (
    <CorrectionDialog
      title={t('labour.correct.attendanceTitle')}
      form={form}
      error={correct.error}
      isPending={correct.isPending}
      onSubmit={send}
      onClose={onClose}
    >
      <TextField {...form.field('clockedInAt')} type="datetime-local" label={t('labour.fields.clockedIn')} isRequired />
      <TextField {...form.field('clockedOutAt')} type="datetime-local" label={t('labour.fields.clockedOut')} isRequired />
    </CorrectionDialog>
  );
}

interface WorkTimeDraft {
  /** `<orderId> <stationId>` of the week's order at a station. */
  piece: string;
  day: string;
  minutes: number | null;
  reason: string;
}

const checkWorkTime = (draft: WorkTimeDraft): DraftCheck<ReturnType<typeof correctWorkTimeSchema.parse>> => {
  const [orderId = '', stationId = ''] = draft.piece.split(' ');
  const checked = validateInput(correctWorkTimeSchema, { orderId, stationId, day: draft.day, minutes: draft.minutes, reason: draft.reason });
  if (checked.ok) return checked;
  // The order and station are one field here.
  const { orderId: order, stationId: station, ...rest } = checked.errors;
  const piece = order ?? station;
  return { ok: false, errors: piece ? { ...rest, piece: { ...piece, path: 'piece' } } : rest };
};

/** A supervisor adds (or takes, negative minutes) work time on an order at a station on a day, with a reason. */
export function CorrectWorkTimeDialog({ times, onClose }: { times: WorkTimes; onClose: () => void }) {
  const { t } = useTranslation();
  const correct = useCorrectWorkTime();
  const first = times.orders[0];
  const form = useSchemaForm({
    initial: (): WorkTimeDraft => ({ piece: first ? `${first.orderId} ${first.stationId}` : '', day: times.weekStart, minutes: null, reason: '' }),
    check: checkWorkTime,
  });
  const outcome = useOutcome(onClose, form.showServerProblems);
  const send = () => {
    const input = form.submit();
    if (input) correct.mutate({ userId: times.user.userId, input }, outcome);
  };
  const pieces = times.orders.map((order) => ({
    id: `${order.orderId} ${order.stationId}`,
    name: t('labour.times.orderAtStation', { orderNumber: order.orderNumber, station: order.stationName ?? '–' }),
  }));
  return (
    <CorrectionDialog
      title={t('labour.correct.workTimeTitle')}
      form={form}
      error={correct.error}
      isPending={correct.isPending}
      onSubmit={send}
      onClose={onClose}
    >
      <Select
        label={t('labour.fields.orderAtStation')}
        isRequired
        value={form.draft.piece || null}
        onChange={(key) => form.patch({ piece: key === null ? '' : String(key) })}
        items={pieces}
        errorDetail={form.problem('piece')}
      >
        {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
      </Select>
      <TextField {...form.field('day')} type="date" label={t('labour.fields.day')} isRequired />
      <NumberField
        name="minutes"
        label={t('labour.fields.minutes')}
        description={t('labour.correct.minutesHint')}
        isRequired
        value={fieldNumber(form.draft.minutes)}
        onChange={(value) => form.patch({ minutes: draftNumber(value) })}
        errorDetail={form.problem('minutes')}
      />
    </CorrectionDialog>
  );
}
