import { useTranslation } from 'react-i18next';
import { PlanScreen } from '../../features/plan';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** plan: the capacity plan as a Gantt per station (issue 29, docs/capacity-plan.md). */
export default function PlanPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  return <PlanScreen />;
}
