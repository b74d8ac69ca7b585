// The public API of the engine core, for protocol/, bench/ and browser or worker hosts.
export * from './types';
export { Position, computeKey } from './position';
export { FenError, START_FEN, parseFen, toFen } from './fen';
export type { FenErrorCode, FenOptions } from './fen';
export { MoveError, iccsToMoveUnchecked, moveToIccs, parseIccs } from './iccs';
export type { MoveErrorCode } from './iccs';
export {
  filterLegal,
  generateCaptures,
  generateLegal,
  generatePseudo,
  isLegal,
  isLegalMove,
  isPseudoLegal,
} from './movegen';
export { kingAttacked, pieceAttacks } from './attacks';
export { perft, perftDivide } from './perft';
