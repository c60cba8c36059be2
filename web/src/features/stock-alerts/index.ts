// The in-app notice of an answered back-in-stock alert is mounted by the app shell for signed-in users.
export { BackInStockNotice } from './components/back-in-stock-notice';
