import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { materialTypes } from '../../../domain/materials/materials.schema';
import { can } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { describeError } from '../../lib/error-messages';
import { saveFile } from '../../lib/object-url';
import type { PagingState } from '../../lib/paging';
import { Button } from '../../ui/button';
import { Link } from '../../ui/link';
import { useNotify } from '../../ui/notification-bar';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs';
import { exportMaterialsCsv } from './api/materials';
import { DeleteMaterialDialog, type MaterialToDelete } from './components/delete-material-dialog';
import { MaterialTable } from './components/material-table';
import { addMaterialHref, listStateOf, searchOf } from './list-search';
import './materials.css';

/** The material screen: one tab per type, each a server-paged table; tab, page, filter and sort live in the address. */
export function MaterialsScreen() {
  const { t, i18n } = useTranslation();
  const { session } = useAuth();
  const notify = useNotify();
  const [search, setSearch] = useSearchParams();
  const { type, paging } = listStateOf(search);
  const [toDelete, setToDelete] = useState<MaterialToDelete | null>(null);
  const [exporting, setExporting] = useState(false);
  const canWrite = can(session, 'write');

  // Typing a filter replaces the address; a new tab or page is a step the back button returns to.
  const changePaging = useCallback(
    (next: PagingState) => setSearch(searchOf({ type, paging: next }), { replace: next.globalFilter !== paging.globalFilter }),
    [setSearch, type, paging.globalFilter],
  );
  const changeTab = (key: unknown) => {
    const next = materialTypes.find((candidate) => candidate === key);
    if (next && next !== type) setSearch(searchOf({ type: next, paging: { ...paging, pageIndex: 0 } }));
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const language = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
      const csv = await exportMaterialsCsv({ type, q: paging.globalFilter.trim(), sort: paging.sort }, language);
      saveFile(csv, t('materials.list.exportFileName', { type: t(`materials.tables.${type}`) }));
    } catch (error) {
      notify({ severity: 'error', message: t('materials.list.exportFailed', { reason: describeError(t, error) }) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('screens.material.title')}</h1>
        <div className="material-toolbar">
          <Button variant="secondary" onPress={() => void exportCsv()} isDisabled={exporting}>
            {t('materials.list.export')}
          </Button>
          {canWrite ? (
            <Link variant="button" href="/material/import">
              {t('materials.list.import')}
            </Link>
          ) : null}
          {canWrite ? (
            <Link variant="button" href={addMaterialHref(type)} className="material-add">
              {t(`materials.titles.add.${type}`)}
            </Link>
          ) : null}
        </div>
      </div>
      <Tabs selectedKey={type} onSelectionChange={changeTab}>
        <TabList aria-label={t('materials.list.tabs')}>
          {materialTypes.map((tab) => (
            <Tab key={tab} id={tab}>
              {t(`materials.types.${tab}`)}
            </Tab>
          ))}
        </TabList>
        {materialTypes.map((tab) => (
          <TabPanel key={tab} id={tab}>
            <MaterialTable type={tab} paging={paging} onPagingChange={changePaging} canWrite={canWrite} onDelete={setToDelete} />
          </TabPanel>
        ))}
      </Tabs>
      <DeleteMaterialDialog material={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}
