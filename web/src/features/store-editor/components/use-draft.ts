import { useEffect, useState } from 'react';

/**
 * A section's edits over what the server holds. While the section is unchanged it follows the server
 * (a `store.updated` from another device shows at once); while it has edits, they are kept and the
 * server's newer value waits until the section is saved or its edits undone.
 */
export function useDraft<T>(server: T) {
  const serverJson = JSON.stringify(server);
  const [base, setBase] = useState(server);
  const [draft, setDraft] = useState(server);
  const baseJson = JSON.stringify(base);
  const dirty = JSON.stringify(draft) !== baseJson;
  if (!dirty && baseJson !== serverJson) {
    // Adjusting state while rendering (React's pattern for following a prop): no extra paint.
    setBase(server);
    setDraft(server);
  }
  useEffect(() => {
    if (!dirty) return undefined;
    // Closing or reloading the tab with unsaved edits asks first (the browser words the question).
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return {
    draft,
    dirty,
    setDraft,
    /** Updates some fields of the draft. */
    patch: (changes: Partial<T>) => setDraft((current) => ({ ...current, ...changes })),
    /** The server saved `value`: it is the new base and the draft. */
    commit: (value: T) => {
      setBase(value);
      setDraft(value);
    },
  };
}
