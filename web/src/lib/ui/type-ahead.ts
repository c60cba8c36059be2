/**
 * Spec docs/spec-coverage.md#s9-menu-type-ahead-reset: a menu's type-ahead forgets what was typed after 350
 * ms without a key.
 */
export const TYPE_AHEAD_RESET_MS = 350;

export interface TypeAhead {
  /**
   * Adds a typed character and answers the index of the item to move to, or -1 for none. `labels` are
   * the items' visible texts, `current` the index that has focus now.
   */
  type(character: string, labels: readonly string[], current: number): number;
  /** Forget what was typed (the menu closed). */
  clear(): void;
}

/**
 * Type-ahead as WAI-ARIA's menu and listbox patterns describe it: typed characters collect into a prefix
 * matched against the labels from the focused item on; the same letter typed again moves to the next
 * item starting with it; a pause of `resetMs` starts a new prefix.
 */
export function createTypeAhead(resetMs: number = TYPE_AHEAD_RESET_MS): TypeAhead {
  let typed = '';
  let timer: ReturnType<typeof setTimeout> | undefined;

  const clear = () => {
    typed = '';
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  return {
    clear,
    type(character, labels, current) {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(clear, resetMs);
      typed += character.toLocaleLowerCase();
      const repeated = [...typed].every((c) => c === typed[0]);
      const prefix = repeated ? (typed[0] ?? '') : typed;
      // A repeated letter cycles, so the search starts after the focused item; a longer prefix may
      // still match the focused item itself.
      const start = repeated ? current + 1 : Math.max(current, 0);
      for (let step = 0; step < labels.length; step += 1) {
        const index = (start + step) % labels.length;
        if ((labels[index] ?? '').toLocaleLowerCase().startsWith(prefix)) return index;
      }
      return -1;
    },
  };
}
