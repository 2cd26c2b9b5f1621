import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { ORDER_STREAM_TYPE } from '../../../domain/orders/order.events';
import { orderKinds } from '../../../domain/orders/order.schema';
import { can } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { useCompanyFunctions } from '../../lib/company-display';
import type { PagingState } from '../../lib/paging';
import { Link } from '../../ui/link';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs';
import { OrderTable } from './components/order-table';
import { addOrderHref, listStateOf, searchOf, type OrderListState } from './list-search';
import './orders.css';

const listTopics = [`type:${ORDER_STREAM_TYPE}`] as const;

/** A tab another feature brings to the orders screen (app/ composes it): selected by `?kind=<id>`. */
export interface OrdersScreenTab {
  id: string;
  label: string;
  panel: ReactNode;
  /** The toolbar's add link while the tab is shown. */
  add?: { href: string; label: string };
}

/**
 * `order`: tabs Orders, Production Orders and Logistics Orders, each a server-paged table with
 * status, text and delayed filters, and the tabs app/ adds (Shipping Orders). Tab, filters, page
 * and sort live in the address.
 */
export function OrdersScreen({ extraTabs = [] }: { extraTabs?: readonly OrdersScreenTab[] }) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const [search, setSearch] = useSearchParams();
  const state = listStateOf(search);
  const canWrite = can(session, 'write');
  const functions = useCompanyFunctions();
  const extraTab = extraTabs.find((tab) => tab.id === search.get('kind'));

  // Typing a filter replaces the address; a new tab, filter or page is a step the back button returns to.
  const change = useCallback(
    (next: OrderListState) => setSearch(searchOf(next), { replace: next.paging.globalFilter !== state.paging.globalFilter }),
    [setSearch, state.paging.globalFilter],
  );
  const changePaging = useCallback((paging: PagingState) => change({ ...state, paging }), [change, state]);
  const changeTab = (key: unknown) => {
    const other = extraTabs.find((tab) => tab.id === key);
    if (other && other !== extraTab) setSearch({ kind: other.id });
    const kind = orderKinds.find((candidate) => candidate === key);
    if (kind && (kind !== state.kind || extraTab)) change({ kind, status: null, delayed: null, paging: { ...state.paging, pageIndex: 0, sort: '' } });
  };

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('screens.order.title')}</h1>
        <div className="order-toolbar">
          {functions.isOn('shopFloorDisplay') ? (
            <Link variant="button" href="/order/advertisement">
              {t('orders.list.display')}
            </Link>
          ) : null}
          {canWrite && extraTab?.add ? (
            <Link variant="button" href={extraTab.add.href} className="order-add">
              {extraTab.add.label}
            </Link>
          ) : canWrite && !extraTab ? (
            <Link variant="button" href={addOrderHref(state.kind)} className="order-add">
              {t(`orders.titles.add.${state.kind}`)}
            </Link>
          ) : null}
        </div>
      </div>
      <Tabs selectedKey={extraTab?.id ?? state.kind} onSelectionChange={changeTab}>
        <TabList aria-label={t('orders.list.tabs')}>
          {orderKinds.map((kind) => (
            <Tab key={kind} id={kind}>
              {t(`orders.tabs.${kind}`)}
            </Tab>
          ))}
          {extraTabs.map((tab) => (
            <Tab key={tab.id} id={tab.id}>
              {tab.label}
            </Tab>
          ))}
        </TabList>
        {orderKinds.map((kind) => (
          <TabPanel key={kind} id={kind}>
            <OrderTable state={{ ...state, kind }} onChange={change} onPagingChange={changePaging} canWrite={canWrite} topics={listTopics} />
          </TabPanel>
        ))}
        {extraTabs.map((tab) => (
          <TabPanel key={tab.id} id={tab.id}>
            {tab.id === extraTab?.id ? tab.panel : null}
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}
