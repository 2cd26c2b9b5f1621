/** The company screen (basic data and advanced settings) and what the layout reads of the company's settings. */
export { CompanyScreen, type CompanyTab } from './company-screen';
export { useCompanyDateFormat } from './use-company-date-format';
export { AccountTab } from './account-tab';
