/**
 * Shown while translations or the first route load. It has no text on purpose: it can appear
 * before any translation is available.
 */
export function PageLoading() {
  return (
    <div className="page-loading" aria-busy="true">
      <span className="page-loading__spinner" />
    </div>
  );
}
