export { StationLabourPanel } from './components/station-labour-panel';
export { WorkTimesScreen } from './work-times-screen';
