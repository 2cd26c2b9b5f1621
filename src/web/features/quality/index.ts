export { NcrDetailsScreen } from './ncr-details-screen';
export { NcrListScreen } from './ncr-list-screen';
