import { z } from 'zod';

/**
 * Control characters in texts (issue #25 finding 10). A name, unit number, unit type, floor, view,
 * location or features text is one line: a CR or LF in it splits CSV exports and e-mail subjects
 * (header injection), a NUL is refused by PostgreSQL (a 500) while SQLite stores it, and the other C0
 * controls and DEL are invisible, so two unit numbers that look the same differ. A multi-line text
 * (a description, notes) keeps its line breaks and tabs, but not the rest.
 *
 * Used by the unit rules (API, CSV import and unit forms) and exported for the other forms' schemas:
 * a project's name and location are single-line, its description multi-line.
 */

export type TextKind = 'single-line' | 'multi-line';

// The C0 controls (U+0000 to U+001F) and DEL (U+007F); a multi-line text may keep TAB, LF and CR.
const KEPT_IN_MULTI_LINE = new Set([0x09, 0x0a, 0x0d]);
const isRefused = (code: number, kind: TextKind) => (code < 0x20 || code === 0x7f) && !(kind === 'multi-line' && KEPT_IN_MULTI_LINE.has(code));

/** True when the text has a character its kind refuses. */
export const hasControlCharacters = (text: string, kind: TextKind = 'single-line'): boolean => {
  for (let index = 0; index < text.length; index += 1) if (isRefused(text.charCodeAt(index), kind)) return true;
  return false;
};

export const TEXT_MESSAGES = {
  singleLine: (label: string) => `${label} must be a single line without control characters`,
  multiLine: (label: string) => `${label} must not contain control characters other than line breaks and tabs`,
} as const;

/** The message for a text of this kind and label, or null when it is clean. */
export function controlCharacterProblem(text: string, label: string, kind: TextKind = 'single-line'): string | null {
  if (!hasControlCharacters(text, kind)) return null;
  return kind === 'single-line' ? TEXT_MESSAGES.singleLine(label) : TEXT_MESSAGES.multiLine(label);
}

/**
 * A single-line text field for a contract's zod schema (project name and location, for example):
 * a string of at most `max` characters with no control character, trimmed.
 */
export const singleLineTextSchema = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, { error: `${label} must be text of at most ${max} characters` })
    .refine((text) => !hasControlCharacters(text, 'single-line'), {
      error: TEXT_MESSAGES.singleLine(label),
    })
    .transform((text) => text.trim());

/** A multi-line text field (a description): line breaks and tabs kept, other controls refused. */
export const multiLineTextSchema = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, { error: `${label} must be text of at most ${max} characters` })
    .refine((text) => !hasControlCharacters(text, 'multi-line'), {
      error: TEXT_MESSAGES.multiLine(label),
    });
