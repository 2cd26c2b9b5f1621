export { StationInterruptionPanel } from './components/station-interruption-panel';
export { InterruptedStations } from './components/interrupted-stations';
export { InterruptionAlerts } from './components/interruption-alerts';
export { OrderInterruptions } from './components/order-interruptions';
