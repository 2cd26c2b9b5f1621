/** Operations for the master user: the job queue dashboard (docs/api.md, Operations). */
export { QueueBoardLink } from './queue-board-link';
