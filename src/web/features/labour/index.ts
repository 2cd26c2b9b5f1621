export { StationLabourPanel } from './components/station-labour-panel';
export { EmployeeTimesheet, WorkTimesScreen } from './work-times-screen';
