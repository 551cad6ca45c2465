import { messages } from '../text/messages';
import { adminMessages } from './admin-messages';

export type RowRef = { line: number } | { label: string };

export type RosterProblem = { at: RowRef } & (
  | { kind: 'name-missing' | 'class-missing' | 'id-empty' | 'id-taken' }
  | { kind: 'name-control-character' | 'class-control-character' | 'id-control-character' }
  | { kind: 'name-too-long' | 'class-too-long'; max: number }
  | { kind: 'unknown-role'; role: string }
  | { kind: 'name-repeats'; name: string; first: RowRef }
  | { kind: 'id-repeats'; first: RowRef }
  | { kind: 'name-taken'; name: string }
  | { kind: 'class-spelling'; class: string; existing: string; first?: RowRef }
  | { kind: 'unreadable'; detail: string }
  | { kind: 'header-lacks'; columns: string[] }
);

function placeId(at: RowRef): string {
  return 'line' in at ? adminMessages.rosterLine(at.line) : at.label;
}

export function rosterProblemText(problem: RosterProblem): string {
  const texts = adminMessages.rosterProblem;
  const what = (() => {
    switch (problem.kind) {
      case 'name-missing':
        return texts.nameMissing;
      case 'class-missing':
        return texts.classMissing;
      case 'id-empty':
        return texts.idEmpty;
      case 'id-taken':
        return texts.idTaken;
      case 'name-control-character':
        return texts.controlCharacter('nama');
      case 'class-control-character':
        return texts.controlCharacter('kelas');
      case 'id-control-character':
        return texts.controlCharacter('id');
      case 'name-too-long':
        return messages.tooLong('Nama', problem.max);
      case 'class-too-long':
        return messages.tooLong('Kelas', problem.max);
      case 'unknown-role':
        return texts.unknownRole(problem.role);
      case 'name-repeats':
        return texts.nameRepeats(problem.name, placeId(problem.first));
      case 'id-repeats':
        return texts.idRepeats(placeId(problem.first));
      case 'name-taken':
        return texts.nameTaken(problem.name);
      case 'class-spelling':
        return texts.classSpelling(problem.class, problem.existing, problem.first && placeId(problem.first));
      case 'unreadable':
        return texts.unreadable(problem.detail);
      case 'header-lacks':
        return texts.headerLacks(problem.columns.join(', '));
    }
  })();
  return `${placeId(problem.at)}: ${what}`;
}
