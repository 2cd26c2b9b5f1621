export { MachinesTab } from './machines-tab';
