// The engine options for each use of the engine on the page, sent with the search that needs them
// (EngineClient sends only the ones that changed).
//
// Strength levels (issue 28, section 3) plug in here. Once the engine has UCI_LimitStrength /
// UCI_Elo (or Skill Level), the new-game form gets a level <select> (the place is marked in
// index.html), its value is kept with the game (PlaySetup in storage.ts) and handed to
// playOptions, which turns it into setoption pairs; analysisOptions then switches the limit off,
// so that analysis always runs at full strength.

/** A game against the engine: one line, full strength. */
export function playOptions(): Array<[string, string]> {
  return [['MultiPV', '1']];
}

/** Analysis: the three best lines. */
export function analysisOptions(): Array<[string, string]> {
  return [['MultiPV', '3']];
}
