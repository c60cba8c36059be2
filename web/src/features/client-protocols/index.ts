// The client-protocols feature's pages are routed by path (src/app/routes.tsx), so each loads on its own.
export type { LinkedProtocol, SharedProtocol } from './api/types';
