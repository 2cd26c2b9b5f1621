/** The station board (docs/board.md): the home screen's and the shop-floor display's view of the line. */
export { StationBoard, type StationBoardProps } from './station-board';
