/** The master user's company selector; app/layout puts it at the top of the sidebar. */
export { CompanySelector, type SelectableCompany } from './company-selector';
