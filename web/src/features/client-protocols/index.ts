// The client-protocols feature's public face: the app routes these two pages.
export { ClientProtocolsPage } from './pages/client-protocols-page';
export { ProtocolLinkPage } from './pages/protocol-link-page';
