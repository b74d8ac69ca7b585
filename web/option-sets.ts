// The engine options for each use of the engine on the page, sent with the search that needs them
// (EngineClient sends only the ones that changed).
import { FULL_STRENGTH } from '../engine/skill';

/** A game against the engine: one line, at the game's level (the engine's Skill Level, engine/skill.ts). */
export function playOptions(level: number): Array<[string, string]> {
  return [
    ['MultiPV', '1'],
    ['Skill Level', String(level)],
  ];
}

/** Analysis: the three best lines, always at full strength. */
export function analysisOptions(): Array<[string, string]> {
  return [
    ['MultiPV', '3'],
    ['Skill Level', String(FULL_STRENGTH)],
  ];
}
