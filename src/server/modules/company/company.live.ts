import type { CompanyExportEvent } from '../../../domain/company/company-account.events.js';
import type { CompanyEvent, PlatformEvent } from '../../../domain/company/company.events.js';
import { all, everyone, liveRulesOf, nobody, ownersOnly, rule } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    company: CompanyExportEvent | CompanyEvent | PlatformEvent;
  }
}

/** What every user of the company reads of its settings: `GET /api/company-account/display`. */
const displayedSettings = [
  'companyId',
  'basicSettings.companyName',
  'basicSettings.dateFormat',
  'basicSettings.favourites',
  'basicSettings.functions',
  'basicSettings.mediaOnNewRecord',
];

/** Who of the company receives each event of company on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const companyLiveRules = liveRulesOf<CompanyExportEvent | CompanyEvent | PlatformEvent>()({
  // company: the owner reads the settings and the account; everyone what the display shows
  CompanyAccountOpened: rule({ to: 'all', keep: ['companyId', 'companyName'] }, { to: 'all', keep: ['companyId', 'companyName'] }, all),
  ReferralSourceRecorded: ownersOnly,
  BasicSettingsUpdated: rule({ to: 'all', keep: displayedSettings }, { to: 'all', keep: displayedSettings }, all),
  CompanyLogoReplaced: everyone,
  CustomerAccountUpdated: rule({ to: 'all', keep: ['companyId', 'basicSettingsChanged'] }, { to: 'all', keep: ['companyId', 'basicSettingsChanged'] }, all),
  CustomerAccountDeleted: nobody,
  DemoDataSeeded: nobody,
  CompanyExportRequested: ownersOnly,
  CompanyExportCompleted: ownersOnly,
  CompanyExportFailed: ownersOnly,
});
