// The "FEN, PGN and link" panel: set up a FEN for analysis and copy the one shown; show, load, copy
// and download PGN in the chosen movetext, open game files (PGN, XQF, DhtmlXQ) with the picker or
// dropped on the board (a chooser when a file holds several games); copy a link to the position
// shown. What the page does with a position or a game is the host's (IoHost).
import { PgnError, type PgnGame, RecordError, readRecords } from '../engine/index';
import { $, h } from './dom';
import { reasonOf, t } from './i18n';
import { type PgnChoice, download, gameLabel, readGameFile, timestamp } from './pgn-io';

interface IoHost {
  /** The FEN of the position shown. */
  fen(): string;
  /** The game as PGN with this movetext. */
  pgn(choice: PgnChoice): string;
  /** The link to the position shown. */
  link(): string;
  /** Sets up a FEN for analysis; throws when it cannot be used. */
  setUp(fen: string): void;
  /** Opens a game of a PGN for analysis. */
  open(game: PgnGame): void;
}

export class IoPanel {
  private games: PgnGame[] = [];
  private readonly fenField = $('fen') as HTMLInputElement;
  private readonly pgnText = $('pgn') as HTMLTextAreaElement;

  constructor(private readonly host: IoHost) {
    const fen = this.fenField;
    $('fen-set').addEventListener('click', () => {
      try {
        host.setUp(fen.value);
        this.message(t('io.setUp'));
      } catch (e) {
        this.message(t('io.badFen', { reason: reasonOf(e) }), true);
      }
    });
    fen.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') $('fen-set').click();
    });
    $('fen-copy').addEventListener('click', () => this.copy(host.fen(), t('io.fen'), fen));

    const pgnText = this.pgnText;
    const format = (): PgnChoice => ($('pgn-format') as HTMLSelectElement).value as PgnChoice;
    $('pgn-show').addEventListener('click', () => {
      pgnText.value = host.pgn(format());
      this.message('');
    });
    $('pgn-load').addEventListener('click', () => this.load(pgnText.value));
    $('pgn-copy').addEventListener('click', () => {
      pgnText.value = host.pgn(format());
      this.copy(pgnText.value, t('io.pgn'), pgnText);
    });
    $('pgn-download').addEventListener('click', () => download(host.pgn(format()), `chuhan-${timestamp()}.pgn`));
    $('pgn-file').addEventListener('change', (e) => {
      const input = e.target as HTMLInputElement;
      const file = input.files?.[0];
      input.value = '';
      if (file !== undefined) void this.openFile(file);
    });
    $('pgn-games').addEventListener('change', (e) => {
      const game = this.games[Number((e.target as HTMLSelectElement).value)];
      if (game !== undefined) host.open(game);
    });
    $('link-copy').addEventListener('click', () => {
      const link = $('link') as HTMLInputElement;
      link.value = host.link();
      this.copy(link.value, t('io.link'), link);
    });
  }

  /** Shows the FEN of the position shown, unless the person is editing the field. */
  showFen(fen: string): void {
    if (document.activeElement !== this.fenField) this.fenField.value = fen;
  }

  /**
   * Opens a game file (picked, or dropped on the board): its first game, a chooser for the others,
   * and the game as PGN in the text box. Says in the panel what it could not read (and returns false).
   */
  async openFile(file: File): Promise<boolean> {
    let games: Array<PgnGame | PgnError>;
    try {
      games = (await readGameFile(file)).games;
    } catch (e) {
      const reason = e instanceof RecordError ? e.detail : reasonOf(e);
      this.message(t('io.fileBad', { file: file.name, reason }), true);
      return false;
    }
    if (!this.show(games, file.name)) return false;
    this.pgnText.value = this.host.pgn(($('pgn-format') as HTMLSelectElement).value as PgnChoice);
    return true;
  }

  /** Reads the text pasted in the box: PGN, or DhtmlXQ copied from a page. */
  private load(text: string): void {
    let games: Array<PgnGame | PgnError>;
    try {
      games = readRecords(new TextEncoder().encode(text), 'PGN').games;
    } catch (e) {
      if (e instanceof RecordError && text.trim() === '') this.message(t('io.pgnEmpty'), true);
      else this.message(t('io.pgnUnreadable', { reason: e instanceof RecordError ? e.detail : reasonOf(e) }), true);
      return;
    }
    this.show(games);
  }

  /** Opens the first game read and offers the others; false when none could be read. */
  private show(entries: ReadonlyArray<PgnGame | PgnError>, file?: string): boolean {
    const games = entries.filter((g): g is PgnGame => !(g instanceof PgnError));
    if (games.length === 0) {
      const first = entries[0];
      const reason = first instanceof PgnError ? first.message : '';
      if (first === undefined) this.message(file === undefined ? t('io.pgnEmpty') : t('io.fileEmpty', { file }), true);
      else this.message(file === undefined ? t('io.pgnUnreadable', { reason }) : t('io.fileBad', { file, reason }), true);
      return false;
    }
    this.games = games;
    const chooser = $('pgn-games') as HTMLSelectElement;
    chooser.replaceChildren(...games.map((g, i) => h('option', { value: String(i) }, gameLabel(g, i))));
    chooser.hidden = games.length < 2;
    this.host.open(games[0]);
    this.message(games.length === 1 ? t('io.loaded', { n: games[0].moves.length }) : t('io.loadedMany', { n: games.length }));
    return true;
  }

  /** The panel's message (none: ''). */
  message(text: string, error = false): void {
    const m = $('io-message');
    m.textContent = text;
    m.classList.toggle('error', error);
  }

  private copy(text: string, what: string, field: HTMLInputElement | HTMLTextAreaElement): void {
    const fallback = (): void => {
      field.focus();
      field.select();
      this.message(t('io.selected', { what }));
    };
    if (navigator.clipboard === undefined) {
      fallback();
      return;
    }
    navigator.clipboard.writeText(text).then(() => this.message(t('io.copied', { what })), fallback);
  }
}
