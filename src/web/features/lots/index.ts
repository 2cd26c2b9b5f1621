export { LotDetailsScreen } from './lot-details-screen';
export { LotListScreen } from './lot-list-screen';
export { LotReceiptScreen } from './lot-receipt-screen';
export { StationLotConsumption } from './station-consumption';
