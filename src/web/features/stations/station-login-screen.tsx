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
import { useStationLogin, type StationChoice } from './api/station-login';
import { useStation } from './api/stations';
import './stations.css';

const checkCredentials = (draft: { username: string; password: string }) => validateInput(stationLoginSchema, draft);

/** What the station screen hands over on sign-out, so the login still names its station and offers the operator's others. */
export interface StationLoginState {
  stationName?: string;
  /** The other stations the operator who signed out may sign in at. */
  otherStations?: StationChoice[];
}

/** The stations handed over by a sign-out, each a link to its login (which hands the list on, with the station left). */
function OtherStations({ stationId, stationName }: { stationId: string; stationName: string | undefined }) {
  const { t } = useTranslation();
  const handedOver = useHistoryState<StationLoginState | null>();
  const others = handedOver?.otherStations ?? [];
  if (others.length === 0) return null;
  const withThis = stationName ? [{ id: stationId, name: stationName }] : [];
  return (
    <nav className="station-login-others" aria-label={t('stations.login.otherStations')}>
      <h2>{t('stations.login.otherStations')}</h2>
      <ul className="plain-list">
        {others.map((other) => (
          <li key={other.id}>
            <Link
              variant="button"
              href={`/station/${encodeURIComponent(other.id)}/login`}
              routerOptions={{ state: { stationName: other.name, otherStations: [...withThis, ...others.filter((next) => next.id !== other.id)] } }}
            >
              {other.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
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
      <OtherStations stationId={stationId} stationName={stationName} />
      <Link href="/station">{t('stations.login.chooseStation')}</Link>
    </Form>
  );
}
