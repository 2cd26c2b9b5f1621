import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  composeRenderProps,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from 'react-aria-components';
import './tabs.css';

const withClass = <T,>(base: string, given: string | ((state: T) => string) | undefined) =>
  composeRenderProps(given, (resolved) => [base, resolved].filter(Boolean).join(' '));

/** Tabs with arrow-key navigation between them (RAC Tabs); the selected key can follow the URL. */
export function Tabs(props: TabsProps) {
  return <AriaTabs {...props} className={withClass('tabs', props.className)} />;
}

export function TabList<T extends object>(props: TabListProps<T>) {
  return <AriaTabList {...props} className={withClass('tab-list', props.className)} />;
}

export function Tab(props: TabProps) {
  return <AriaTab {...props} className={withClass('tab', props.className)} />;
}

export function TabPanel(props: TabPanelProps) {
  return <AriaTabPanel {...props} className={withClass('tab-panel', props.className)} />;
}
