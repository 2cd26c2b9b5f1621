import { useTranslation } from 'react-i18next';
import { Link } from '../../ui/link';
import { useDevMailboxAvailable } from './api/dev-mailbox';

/** A link to the dev mailbox, shown only where the server keeps one (no SMTP, not production). */
export function DevMailboxLink() {
  const { t } = useTranslation();
  const available = useDevMailboxAvailable(true);
  return available ? <Link href="/dev-mailbox">{t('devMailbox.link')}</Link> : null;
}
