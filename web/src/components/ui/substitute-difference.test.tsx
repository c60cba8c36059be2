import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';

import { testI18n, testI18nReady } from '../../testing/test-i18n';
import { SubstituteDifference, SubstituteReason } from './substitute-difference';

async function renderIn(element: ReactNode, language = 'en') {
  await testI18nReady;
  await act(() => testI18n.changeLanguage(language));
  const router = createMemoryRouter(
    [{ path: '/:lang/*', element: <div data-testid="holder">{element}</div> }],
    { initialEntries: [`/${language}/cart`] },
  );
  return render(
    <I18nextProvider i18n={testI18n}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </I18nextProvider>,
  );
}

const holder = () => screen.getByTestId('holder');

describe('SubstituteDifference', () => {
  afterEach(async () => {
    await act(() => testI18n.changeLanguage('en'));
  });

  it('says a cheaper, dearer or same price, in the currency of its region', async () => {
    let view = await renderIn(<SubstituteDifference as="span" doseRatio={null} priceDifference="-1.50" currency="EUR" />);
    expect(holder()).toHaveTextContent(/^1,50 € cheaper$/);
    view.unmount();
    view = await renderIn(<SubstituteDifference as="span" doseRatio={null} priceDifference="2.00" currency="GBP" />);
    expect(holder()).toHaveTextContent(/^£2.00 more$/);
    view.unmount();
    await renderIn(<SubstituteDifference as="span" doseRatio={null} priceDifference="-0.00" currency="EUR" />);
    expect(holder()).toHaveTextContent(/^Same price$/);
  });

  it('says half the dose, or how many times the dose, after the price', async () => {
    let view = await renderIn(<SubstituteDifference as="span" doseRatio={0.5} priceDifference="0.00" currency="EUR" />);
    expect(holder()).toHaveTextContent(/^Same price · Half the dose per serving$/);
    view.unmount();
    view = await renderIn(<SubstituteDifference as="span" doseRatio={2} priceDifference="-1.50" currency="EUR" />);
    expect(holder()).toHaveTextContent(/^1,50 € cheaper · 2× the dose per serving$/);
    view.unmount();
    // The same dose says nothing about the dose.
    await renderIn(<SubstituteDifference as="span" doseRatio={1} priceDifference="0.50" currency="EUR" />);
    expect(holder()).toHaveTextContent(/^0,50 € more$/);
  });

  it("writes the ratio as the reader does, with the language's plural forms", async () => {
    let view = await renderIn(<SubstituteDifference as="span" doseRatio={1.5} priceDifference="x" currency="EUR" />, 'de');
    expect(holder()).toHaveTextContent(/^1,5-fache Dosis pro Portion$/);
    view.unmount();
    view = await renderIn(<SubstituteDifference as="span" doseRatio={3} priceDifference="x" currency="EUR" />, 'ro');
    expect(holder()).toHaveTextContent(/^de 3 ori doza pe porție$/);
    view.unmount();
    await renderIn(<SubstituteDifference as="span" doseRatio={2} priceDifference="x" currency="EUR" />, 'ja');
    expect(holder()).toHaveTextContent(/^1回分あたり2倍の用量$/);
  });

  it('renders nothing without a ratio and with an unreadable price', async () => {
    await renderIn(<SubstituteDifference doseRatio={null} priceDifference="" currency="EUR" className="facts" />);
    expect(holder()).toBeEmptyDOMElement();
  });

  it('says the lead facts and the reason first, in its own element', async () => {
    await renderIn(
      <SubstituteDifference
        className="facts"
        lead={['60 capsules', '']}
        reason="same_facts"
        doseRatio={undefined}
        priceDifference="-1.00"
        currency="EUR"
      />,
    );
    const text = screen.getByText('60 capsules · Same nutrients per serving · 1,00 € cheaper');
    expect(text.tagName).toBe('P');
    expect(text).toHaveClass('facts');
  });
});

describe('SubstituteReason', () => {
  it("names the practitioner's choice for the client, and as their own for the practitioner", async () => {
    let view = await renderIn(<SubstituteReason reason="practitioner" />);
    expect(holder()).toHaveTextContent(/^Your practitioner's choice$/);
    view.unmount();
    view = await renderIn(<SubstituteReason reason="practitioner" reader="practitioner" />);
    expect(holder()).toHaveTextContent(/^Your choice$/);
    view.unmount();
    // The other reasons read the same to both.
    view = await renderIn(<SubstituteReason reason="marked" reader="practitioner" className="reason" />);
    expect(screen.getByText("Shop's alternative")).toHaveClass('reason');
    view.unmount();
    await renderIn(
      <SubstituteDifference as="span" reason="practitioner" reader="practitioner" doseRatio={null} priceDifference="x" currency="EUR" />,
    );
    expect(holder()).toHaveTextContent(/^Your choice$/);
  });
});
