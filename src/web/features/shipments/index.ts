/**
 * Shipments (shipping orders): the orders screen's Shipping Orders tab, a shipment's details and
 * form, and the end customer's public tracking page. app/ composes them into routes.
 */
export { CarriersScreen, carriersHref } from './carriers-screen';
export { ShipmentDetailsScreen } from './shipment-details-screen';
export { AddShipmentScreen, EditShipmentScreen } from './shipment-form-screen';
export { ShipmentsTab } from './shipments-tab';
export { TrackingScreen } from './tracking-screen';
export { addShipmentHref, SHIPPING_TAB } from './list-search';
