import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Fixed English by the spec: this screen must work even when translations failed to load. */
export const ERROR_TITLE = 'Unexpected Application Error!';

function describe(error: unknown): { status: string | null; message: string } {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const message =
      typeof data === 'string'
        ? data
        : typeof data === 'object' && data !== null && 'message' in data
          ? String(data.message)
          : '';
    return { status: `${String(error.status)} ${error.statusText}`.trim(), message };
  }
  if (error instanceof Error) return { status: null, message: error.message };
  return { status: null, message: String(error) };
}

export function ErrorScreen() {
  const { status, message } = describe(useRouteError());
  return (
    <div className="error-screen" role="alert">
      <h1>{ERROR_TITLE}</h1>
      {status && <h2 className="error-screen__status">{status}</h2>}
      {message && <pre className="error-screen__message">{message}</pre>}
    </div>
  );
}
