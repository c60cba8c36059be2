// The alerts page is routed by path (src/app/routes.tsx), so it loads on its own.
// The in-app notice of an answered back-in-stock alert is mounted by the app shell for signed-in users.
export { BackInStockNotice } from './components/back-in-stock-notice';
