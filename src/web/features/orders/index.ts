/**
 * Orders: the home board, the order tabs with add, edit, details and history, the shop-floor
 * display, and the worklist that fills the station screen. app/ composes them into routes.
 */
export { AdvertisementBoard } from './advertisement-board';
export { HomeBoardScreen } from './home-board-screen';
export { OrderDetailsScreen } from './order-details-screen';
export { AddOrderScreen, EditOrderScreen } from './order-form-screen';
export { OrderHistoryScreen } from './order-history-screen';
export { OrdersScreen, type OrdersScreenTab } from './orders-screen';
export { StationWorklist, type StationWorklistProps } from './station-worklist';
