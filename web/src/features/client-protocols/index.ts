// The client-protocols feature's pages are routed by path (src/app/routes.tsx), so each loads on its own.
// The in-app refill notice is mounted by the app shell, on every page of a signed-in client.
export { RefillNotice } from './components/refill-notice';
