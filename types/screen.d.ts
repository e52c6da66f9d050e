// The contract between the shell (web/shell/app.js, web/screens/setup.js) and a screen module,
// web/screens/screen-<kind>.js: one module for each kind of system (the `kind` of its describe()), loaded for the shell
// by web/screens/systems.js as import(`./screen-${kind}.js`). Only the screen module knows its systems' records, views
// and events; the shell knows none of them. tsc checks each module against Screen (each names itself:
// `Conforms<typeof import("./screen-<kind>.js")>`).
import type { Props } from "../web/base/dom.js";
import type { Action, FightEvent, FightRecord, Summary, System, View } from "../web/base/rules.js";

/** The open fight: its saved id (null until kept), its name, the rules' session and what they answered last. */
export interface OpenFight {
  id: string | null;
  /** The player's name for it, or "" for the app's, made in the page's language (saved.title). */
  name: string;
  /** It came from a share link: its title says so ("Shared: …"). */
  shared?: boolean;
  created?: number;
  /** The adventure it belongs to (its id in this browser) and the book's section it was fought in. */
  adventure?: string;
  section?: string;
  session: number;
  record: FightRecord;
  view: View;
  /** Why controls are unavailable now, by control, in the rules' own words (the system's probes refused). */
  why: Record<string, string>;
  summary: Summary;
  redo: Action[];
  /** The saved fight this one fights again ("Fight it yourself"): the story draws both. */
  versus?: string;
  /** A friend's fight, looked at and not kept: from a fight's link, or the `index`th fight of a shared adventure. */
  looking?: "fight" | "adventure";
  index?: number;
  /** The rules' key to the fight's numbers: [term in the book's words, its meaning]. */
  terms?: string[][];
}

/** What the shell gives a screen module (once, to `init`). */
export interface Shell {
  /** Sends a fight action; false when the rules refuse it (their message shown beside its field). */
  act(action: Action | null): Promise<boolean>;
  /** The odds' inputs changed (a set-up field, a spend typed): the odds panel follows. */
  changed(): void;
  /** A new hero by the book's creation rules ({hero, numbers}); null when refused (the message shown). */
  rollHero(): Promise<Record<string, any> | null>;
}

/**
 * The nodes a screen module builds once and the shell places: its set-up form and this section's rules (laid out by
 * form.js's ruleForm(), whose fields the shell draws from the rules' declarations, reads and words), the fight's parts
 * above the round form, inside it, among its buttons (before New fight) and below the outcome, and the log's body.
 */
export interface Parts {
  setup: Node[];
  rules: Node[];
  top: Node[];
  controls: Node[];
  buttons: Node[];
  bottom: Node[];
  /** The log's body: an <ol> of cards, or a table's <tbody>. */
  log: HTMLElement;
  /** The log's cards in the page newest first (else in the order of the fight, shown newest first by style.css): the
   *  shell puts each action's cards at its start, and a log drawn whole in that order. */
  newestFirst?: boolean;
}

export interface Screen {
  /** Builds the nodes and binds the controls (once). */
  init(shell: Shell): Parts;
  /** The set-up form in this system's words, in the page's language (reset: the system's defaults). */
  apply(system: System, reset: boolean): void;
  /** The hero and enemies as typed (tables where a system has its own); the rules check every value. */
  recordParts(system: System): { hero: object; enemies: object[]; tables?: object };
  render(fight: OpenFight, system: System): void;
  /** The log's rows for one event. */
  logRows(event: FightEvent, fight: OpenFight, system: System): HTMLElement[];
  outcomeText(view: any, system: System): string;
  /** The round form's action (Enter, or its submit button); null: none. */
  formAction(fight: OpenFight): Action | null;
  /** An action was taken: the numbers typed for it are used. */
  clearInputs(): void;
  /** A fight was opened. */
  resetInputs(): void;
  /** The first control of a fight just started. */
  focus(): void;
  // ---- optional: a kind of system may leave these out (the coin-flip duel of the tests does) ----
  /** The hero's part of the set-up as typed (the adventure sheet's hero, in record form): the rules check it. */
  heroOf?(system: System): object;
  /** Fills the hero's part of the set-up from an adventure's hero (null: this system's defaults). */
  setHero?(hero: Record<string, any> | null, system: System): void;
  /** Empties the enemies and this section's rules (a new section, a new enemy; the hero stays). */
  clearEnemies?(): void;
  /** The words a screen reader hears after an action ("Drakkar loses 8, you lose 1: ENDURANCE 24"). */
  announcement?(event: FightEvent, fight: OpenFight, system: System): string;
  /** Fills the fields from the odds' advice, its options by name ("Spend 5 now": asked); it stays until the state
   *  changes. */
  takeOptions?(options: Record<string, number>, asked?: boolean): void;
  /** Both sides' numbers in one line ("ENDURANCE: Banedon 23 / 25 · Giak 11 / 20"), shown at the top of the screen
   *  while the fighters' cards are scrolled out of view (the log read); none when left out. */
  strip?(fight: OpenFight, system: System): string;
  /** The odds options the screen's fields give, by name (a round's spend); none when left out. */
  oddsOptions?(fight: OpenFight): Record<string, number>;
  /** The book's word for a section ("Section", "Paragraph"), in the page's language; "Section" when left out. */
  sectionWord?(): string;
}

export type Conforms<T extends Screen> = T;
