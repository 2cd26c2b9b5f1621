import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { stationLoginSchema } from '../../../domain/stations/station.schema';
import { isApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { describeError, validateInput } from '../../lib/error-messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../../ui/button';
import { Form, FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { TextField } from '../../ui/text-field';
import { useStationLogin } from './api/station-login';
import { useStation } from './api/stations';
import './stations.css';

const checkCredentials = (draft: { username: string; password: string }) => validateInput(stationLoginSchema, draft);

/** What the station screen hands over on sign-out, so the login still names its station. */
export interface StationLoginState {
  stationName?: string;
}

/** The station's name when it can be known: read while someone is signed in, else as the station screen left it. */
function useStationName(stationId: string): string | undefined {
  const { session } = useAuth();
  const handedOver = useHistoryState<StationLoginState | null>();
  const station = useStation(stationId, { enabled: Boolean(session?.company) });
  return station.data?.name ?? handedOver?.stationName;
}

/**
 * Station login: an operation user signs in at this station with username and password. Only
 * operators authorised for the station get in; then the station screen opens.
 */
export function StationLoginScreen({ stationId }: { stationId: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const stationName = useStationName(stationId);
  const signIn = useStationLogin();
  const form = useSchemaForm({ initial: () => ({ username: '', password: '' }), check: checkCredentials });
  const field = form.field;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    try {
      await signIn.mutateAsync({ stationId, credentials: checked });
      navigate(`/station/${stationId}/work`, { replace: true });
    } catch (error) {
      form.showServerProblems(error);
    }
  };

  const failure = (): string | null => {
    const error = signIn.error;
    if (!error) return null;
    if (isApiError(error) && error.code === 'INVALID_CREDENTIALS') return t('stations.login.wrongCredentials');
    if (isApiError(error) && error.code === 'NOT_FOUND') return t('stations.login.unknownStation');
    if (isApiError(error) && error.code === 'VALIDATION_ERROR') return null;
    return describeError(t, error);
  };
  const message = failure();

  return (
    <Form className="station-login" onSubmit={(event) => void submit(event)} aria-label={t('stations.login.title')}>
      <p className="station-login-station">{stationName ? t('stations.login.atStation', { station: stationName }) : t('stations.login.atThisStation')}</p>
      <p className="station-login-intro">{t('stations.login.intro')}</p>
      {message ? <FormError>{message}</FormError> : null}
      <TextField {...field('username')} label={t('stations.login.username')} autoComplete="username" isRequired autoFocus />
      <TextField {...field('password')} label={t('stations.login.password')} type="password" autoComplete="current-password" isRequired />
      <Button type="submit" isDisabled={signIn.isPending}>
        {t('stations.login.submit')}
      </Button>
      <Link href="/station">{t('stations.login.chooseStation')}</Link>
    </Form>
  );
}
