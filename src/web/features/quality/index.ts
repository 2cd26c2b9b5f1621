export { NcrDetailsScreen } from './ncr-details-screen';
export { NcrListScreen, QualityFiguresPanel } from './ncr-list-screen';
