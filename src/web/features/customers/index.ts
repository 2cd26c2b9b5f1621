/** The product operator's customer accounts: list, edit and delete. */
export { CustomersScreen } from './customers-screen';
export { EditCustomerScreen } from './edit-customer-screen';
