/**
 * The builder's mode and Redesign width as the user left them. The spec keeps only the Standard bar's
 * open state; the mode and width are kept the same way so a reload does not undo the user's choice.
 */
import { readStored, writeStored } from '../../../lib/session/stored-value';
import { STANDARD_OPEN_LIFETIME_MS } from '../state/active-protocol-cache';
import { DEFAULT_MODE, type BuilderMode } from '../state/builder-state';

const MODE_KEY = 'protocol-builder:mode';
const WIDTH_KEY = 'protocol-builder:width';

export function readMode(): BuilderMode {
  const mode = readStored<unknown>(MODE_KEY);
  return mode === 'Standard' || mode === 'Redesign' ? mode : DEFAULT_MODE;
}

export function writeMode(mode: BuilderMode) {
  writeStored(MODE_KEY, mode, STANDARD_OPEN_LIFETIME_MS);
}

export function readWidth(): number | undefined {
  const width = readStored<unknown>(WIDTH_KEY);
  return typeof width === 'number' ? width : undefined;
}

export function writeWidth(width: number) {
  writeStored(WIDTH_KEY, width, STANDARD_OPEN_LIFETIME_MS);
}
