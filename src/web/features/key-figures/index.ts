/** Key figures from the event log: the page, the home board's figures and the company screen's tab. */
export { KeyFiguresBoard } from './key-figures-board';
export { KeyFiguresScreen } from './key-figures-screen';
export { KeyFiguresTab } from './key-figures-tab';
