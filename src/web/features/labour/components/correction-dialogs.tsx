import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { correctAttendanceSchema, correctWorkTimeSchema, labourLimits } from '../../../../domain/labour/labour.schema';
import type { AttendanceView, WorkTimes } from '../../../../domain/labour/labour.views';
import { describeError, fieldErrorsFromApiError, formWideError, validateInput, type FieldErrors } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { FormError } from '../../../ui/form';
import { NativeTextField } from '../../../ui/native-fields';
import { useNotify } from '../../../ui/notification-bar';
import { useCorrectAttendance, useCorrectWorkTime } from '../api/labour';
import { isoOfLocalInput, localInputOf } from './format';

/** A supervisor corrects an attendance's times with a reason; the original stays in the records. */
export function CorrectAttendanceDialog({ attendance, onClose }: { attendance: AttendanceView; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const correct = useCorrectAttendance();
  const [draft, setDraft] = useState({
    clockedInAt: localInputOf(attendance.clockedInAt),
    clockedOutAt: attendance.clockedOutAt ? localInputOf(attendance.clockedOutAt) : '',
    reason: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateInput(correctAttendanceSchema, {
      clockedInAt: isoOfLocalInput(draft.clockedInAt),
      clockedOutAt: isoOfLocalInput(draft.clockedOutAt),
      reason: draft.reason,
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    correct.mutate(
      { attendanceId: attendance.id, input: checked.value },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('labour.correct.done') });
          onClose();
        },
        onError: (error) => {
          setErrors(fieldErrorsFromApiError(error));
          notify({ severity: 'error', message: t('labour.correct.failed', { reason: describeError(t, error) }) });
        },
      },
    );
  };
  return (
    <Dialog title={t('labour.correct.attendanceTitle')} isOpen onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      <form onSubmit={submit} aria-label={t('labour.correct.attendanceTitle')} noValidate>
        <FormError error={formWideError(correct.error)} />
        <NativeTextField
          name="clockedInAt"
          type="datetime-local"
          label={t('labour.fields.clockedIn')}
          isRequired
          value={draft.clockedInAt}
          onChange={(value) => setDraft({ ...draft, clockedInAt: value })}
          errorDetail={errors.clockedInAt}
        />
        <NativeTextField
          name="clockedOutAt"
          type="datetime-local"
          label={t('labour.fields.clockedOut')}
          isRequired
          value={draft.clockedOutAt}
          onChange={(value) => setDraft({ ...draft, clockedOutAt: value })}
          errorDetail={errors.clockedOutAt}
        />
        <NativeTextField
          name="reason"
          label={t('labour.fields.reason')}
          description={t('labour.correct.reasonHint', { max: labourLimits.reason })}
          isRequired
          value={draft.reason}
          onChange={(value) => setDraft({ ...draft, reason: value })}
          errorDetail={errors.reason}
        />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" isDisabled={correct.isPending}>
            {t('labour.correct.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A supervisor adds (or takes, negative minutes) work time on an order at a station on a day, with a reason. */
export function CorrectWorkTimeDialog({ times, onClose }: { times: WorkTimes; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const correct = useCorrectWorkTime();
  const first = times.orders[0];
  const [draft, setDraft] = useState({ piece: first ? `${first.orderId} ${first.stationId}` : '', day: times.weekStart, minutes: '', reason: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const [orderId = '', stationId = ''] = draft.piece.split(' ');
    const checked = validateInput(correctWorkTimeSchema, { orderId, stationId, day: draft.day, minutes: Number(draft.minutes), reason: draft.reason });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    correct.mutate(
      { userId: times.user.userId, input: checked.value },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('labour.correct.done') });
          onClose();
        },
        onError: (error) => {
          setErrors(fieldErrorsFromApiError(error));
          notify({ severity: 'error', message: t('labour.correct.failed', { reason: describeError(t, error) }) });
        },
      },
    );
  };
  return (
    <Dialog title={t('labour.correct.workTimeTitle')} isOpen onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      <form onSubmit={submit} aria-label={t('labour.correct.workTimeTitle')} noValidate>
        <FormError error={formWideError(correct.error)} />
        <div className="field">
          <label className="field-label" htmlFor="labour-correction-order">
            {t('labour.fields.orderAtStation')}
          </label>
          <select
            id="labour-correction-order"
            className="field-input"
            value={draft.piece}
            onChange={(event) => setDraft({ ...draft, piece: event.target.value })}
          >
            {times.orders.map((order) => (
              <option key={`${order.orderId} ${order.stationId}`} value={`${order.orderId} ${order.stationId}`}>
                {t('labour.times.orderAtStation', { orderNumber: order.orderNumber, station: order.stationName ?? '–' })}
              </option>
            ))}
          </select>
        </div>
        <NativeTextField
          name="day"
          type="date"
          label={t('labour.fields.day')}
          isRequired
          value={draft.day}
          onChange={(value) => setDraft({ ...draft, day: value })}
          errorDetail={errors.day}
        />
        <NativeTextField
          name="minutes"
          type="number"
          label={t('labour.fields.minutes')}
          description={t('labour.correct.minutesHint')}
          isRequired
          value={draft.minutes}
          onChange={(value) => setDraft({ ...draft, minutes: value })}
          errorDetail={errors.minutes}
        />
        <NativeTextField
          name="reason"
          label={t('labour.fields.reason')}
          description={t('labour.correct.reasonHint', { max: labourLimits.reason })}
          isRequired
          value={draft.reason}
          onChange={(value) => setDraft({ ...draft, reason: value })}
          errorDetail={errors.reason}
        />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" isDisabled={correct.isPending}>
            {t('labour.correct.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
