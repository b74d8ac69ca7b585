// The public API of the engine core, for protocol/, bench/ and browser or worker hosts; built as
// dist/engine.mjs with its declarations (package.json "exports": "chuhan/engine"). Every name is
// listed: board internals (square tables, offsets) stay in their modules.
export {
  RED,
  BLACK,
  KING,
  ADVISOR,
  ELEPHANT,
  HORSE,
  CHARIOT,
  CANNON,
  SOLDIER,
  NO_MOVE,
  MAX_MOVES,
  MAX_HISTORY,
  KIND_LETTERS,
  KIND_NAMES,
  COLOUR_NAMES,
  pieceCode,
  colourOf,
  kindOf,
  makeSquare,
  fileOf,
  rankOf,
  squareName,
  makeMove,
  moveFrom,
  moveTo,
} from './types';
export type { Colour, Kind, Move, Piece, Square } from './types';
export { Position, computeCorrectionKeys, computeKey } from './position';
export { FenError, START_FEN, parseFen, toFen } from './fen';
export type { FenErrorCode, FenOptions } from './fen';
export { MoveError, iccsToMoveUnchecked, moveToIccs, parseIccs } from './iccs';
export type { MoveErrorCode } from './iccs';
export { ALL_MOVES, CAPTURES, QUIETS, generate, generateLegal, givesCheck, isLegal, isLegalMove, isPseudoLegal } from './movegen';
export { perft, perftDivide } from './perft';
export { judge, repetitionVerdict, MOVE_LIMIT_PLIES } from './rules';
export type { Judgement, JudgementReason, JudgeOptions, Verdict } from './rules';
export { Searcher } from './search';
export type { HashProbe } from './tt';
export { SIGNAL_COUNT, SIGNAL_PONDERHIT, SIGNAL_STOP } from './limits';
export type { CurrMoveInfo, Score, SearchInfo, SearchLimits, SearchResult } from './limits';
export { evaluate } from './evaluate';
export { detectNotation, parseMoveText } from './notation';
export type { MoveNotation } from './notation';
export { moveToChinese, parseChinese } from './notation-chinese';
export type { ChineseOptions } from './notation-chinese';
export { moveToWxf, parseWxf } from './notation-wxf';
export { PgnError, decodePgnBytes, parsePgn, writePgn, writePgnGames } from './pgn';
export type { PgnComment, PgnFormat, PgnGame, PgnNag, PgnResult, PgnVariation, PgnWriteOptions } from './pgn';
export { classifyOpening, openingOfTags, openingText, withOpeningTags } from './ecco';
export type { EccoOpening } from './ecco';
export { RecordError } from './record-error';
export { RECORD_FORMAT_NAMES, readRecords } from './records';
export type { RecordFormat, Records } from './records';
