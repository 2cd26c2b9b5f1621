import { useTranslation } from 'react-i18next';
import type { LiveQueryState } from '../../../lib/use-live-feed';
import { LiveNote as LiveNoteText } from '../../../ui/live-note';

/** Says whether what the screen shows is current (live), or that it is not while the feed is lost or catching up. */
export function LiveNote({ live, subject }: { live: LiveQueryState; subject: string }) {
  const { t } = useTranslation();
  return <LiveNoteText live={live} text={(kind) => t(`shipments.live.${kind}`, { subject })} />;
}
