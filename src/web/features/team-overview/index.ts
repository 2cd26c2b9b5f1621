/** The team overview (counts, who is away, the team screens) and the table of every employee. */
export { EmployeesScreen } from './employees-screen';
export { TeamOverviewScreen } from './overview-screen';
