// The new-game form: the person's side, the clock, the engine's strength (the engine's Skill
// Level: 20 is full strength, 0-19 the levels with the Elo each claims, engine/skill.ts), and
// whether the game starts from the position on the board.
import { FULL_STRENGTH, eloOfLevel } from '../engine/skill';
import { RED } from '../engine/index';
import { $, h } from './dom';
import { DEFAULT_TIME_CONTROL, TIME_CONTROLS, controlLabel } from './game-clock';
import { t } from './i18n';

interface NewGameChoice {
  /** The person's side: 0 red, 1 black. */
  human: number;
  /** Time control id (game-clock.ts). */
  control: string;
  /** The engine's Skill Level, FULL_STRENGTH for none. */
  level: number;
  fromPosition: boolean;
}

/** The level's name in the selector. */
function levelLabel(level: number): string {
  return level === FULL_STRENGTH ? t('level.full') : t('level.n', { level: String(level), elo: String(eloOfLevel(level)) });
}

export class NewGameForm {
  private readonly form = $('new-game-form') as HTMLFormElement;
  private readonly clock = $('time-control') as HTMLSelectElement;
  private readonly level = $('level') as HTMLSelectElement;

  constructor(start: (choice: NewGameChoice) => void) {
    for (const c of TIME_CONTROLS) this.clock.appendChild(h('option', { value: c.id }, controlLabel(c)));
    this.clock.value = DEFAULT_TIME_CONTROL;
    for (let level = FULL_STRENGTH; level >= 0; level--) this.level.appendChild(h('option', { value: String(level) }, levelLabel(level)));
    this.level.value = String(FULL_STRENGTH);
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      const side = (this.form.elements.namedItem('side') as RadioNodeList).value === 'black' ? 1 : RED;
      const choice = {
        human: side,
        control: this.clock.value,
        level: Number(this.level.value),
        fromPosition: ($('from-position') as HTMLInputElement).checked,
      };
      this.show(false);
      start(choice);
    });
    $('new-game-cancel').addEventListener('click', () => this.show(false));
  }

  /** Writes the choices again, in the page's language now. */
  relabel(): void {
    for (const o of this.clock.options) o.textContent = controlLabel(TIME_CONTROLS.find((c) => c.id === o.value)!);
    for (const o of this.level.options) o.textContent = levelLabel(Number(o.value));
  }

  /** Shows or hides the form; shown, it offers the clock and level of the last game. */
  show(show: boolean, last?: { control: string; level: number }): void {
    this.form.hidden = !show;
    if (!show) return;
    if (last !== undefined) {
      this.clock.value = last.control;
      this.level.value = String(last.level);
    }
    ($('new-game-start') as HTMLButtonElement).focus();
  }
}
