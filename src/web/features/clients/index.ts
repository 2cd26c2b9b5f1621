/** The company's customer directory ("clients": the master user's "customers" are the companies): list, add, edit. */
export { AddClientScreen, EditClientScreen } from './client-form-screen';
export { ClientsScreen } from './clients-screen';
