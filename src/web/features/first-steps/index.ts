export { FirstStepsChecklist } from './first-steps';
