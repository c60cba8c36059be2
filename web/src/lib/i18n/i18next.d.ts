import 'i18next';

import type auth from '../../../../locales/en/auth.json';
import type builder from '../../../../locales/en/builder.json';
import type cart from '../../../../locales/en/cart.json';
import type catalog from '../../../../locales/en/catalog.json';
import type checkout from '../../../../locales/en/checkout.json';
import type clientProtocols from '../../../../locales/en/client-protocols.json';
import type common from '../../../../locales/en/common.json';
import type earnings from '../../../../locales/en/earnings.json';
import type medicines from '../../../../locales/en/medicines.json';
import type nutrition from '../../../../locales/en/nutrition.json';
import type onboarding from '../../../../locales/en/onboarding.json';
import type orders from '../../../../locales/en/orders.json';
import type practice from '../../../../locales/en/practice.json';
import type search from '../../../../locales/en/search.json';
import type stockAlerts from '../../../../locales/en/stock-alerts.json';
import type storeEditor from '../../../../locales/en/store-editor.json';
import type storePage from '../../../../locales/en/store-page.json';
import type subscriptions from '../../../../locales/en/subscriptions.json';
import type testPayment from '../../../../locales/en/test-payment.json';
import type today from '../../../../locales/en/today.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      catalog: typeof catalog;
      search: typeof search;
      'stock-alerts': typeof stockAlerts;
      auth: typeof auth;
      cart: typeof cart;
      checkout: typeof checkout;
      builder: typeof builder;
      'client-protocols': typeof clientProtocols;
      earnings: typeof earnings;
      medicines: typeof medicines;
      nutrition: typeof nutrition;
      onboarding: typeof onboarding;
      orders: typeof orders;
      practice: typeof practice;
      'store-editor': typeof storeEditor;
      'store-page': typeof storePage;
      subscriptions: typeof subscriptions;
      'test-payment': typeof testPayment;
      today: typeof today;
    };
  }
}
