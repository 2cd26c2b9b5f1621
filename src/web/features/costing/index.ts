export { CostsScreen } from './costs-screen';
export { OrderCostingPanel } from './components/order-costing-panel';
