/** Production stations: overview with the sequence editor, add and edit, station login and the station screen. */
export { StationsScreen } from './stations-screen';
export { AddStationScreen, EditStationScreen } from './station-form-screen';
export { StationLoginScreen } from './station-login-screen';
export { StationWorkScreen } from './station-work-screen';
export { NoOrdersAtStation } from './components/no-orders-at-station';
