export const STOCK_ALERTS_PATH = '/v2/account/stock-alerts';

/** A back-in-stock alert of the user was made, cancelled or answered (on any device). */
export const STOCK_ALERT_TOPICS = ['stock_alerts.updated'] as const;
