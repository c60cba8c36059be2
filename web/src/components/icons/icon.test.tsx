import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { FLAGS } from './flags';
import { Flag } from './flag';
import { Icon, ICON_FAMILIES, isIconType } from './icon';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the icon registry (spec: docs/spec-coverage.md#s3-icons-general, "Icons")', () => {
  it('has the body-system icons the spec names', () => {
    expect(ICON_FAMILIES.bodySystem).toEqual(
      expect.arrayContaining([
        'allergy', 'blood', 'brain', 'energy', 'eye', 'gallbladder', 'hair', 'heart', 'joint', 'kidneys',
        'liver', 'stomach',
      ]),
    );
  });

  it('has a payment logo for each brand of the spec, named for screen readers', () => {
    const { container } = render(
      <>
        {ICON_FAMILIES.payment.map((type) => (
          <Icon key={type} type={type} />
        ))}
      </>,
    );
    expect(screen.getAllByRole('img').map((logo) => logo.getAttribute('aria-label'))).toEqual([
      'American Express', 'Apple Pay', 'Bancontact', 'Belfius', 'iDEAL', 'KBC', 'Klarna', 'Mastercard',
      'PayPal', 'Visa',
    ]);
    expect(container.querySelectorAll('svg[viewBox="0 0 48 32"]')).toHaveLength(10);
  });

  it('has the round icons protocol, clients, commissionData and store', () => {
    expect(ICON_FAMILIES.round).toEqual(['protocol', 'clients', 'commissionData', 'store']);
  });

  it('draws every icon of every family, each under one type only', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const types = Object.values(ICON_FAMILIES).flat();
    const { container } = render(
      <>
        {types.map((type) => (
          <Icon key={type} type={type} />
        ))}
      </>,
    );
    expect(new Set(types).size).toBe(types.length);
    const drawn = [...container.querySelectorAll('svg')].map((svg) => svg.getAttribute('data-icon'));
    expect(drawn).toEqual(types);
    for (const svg of container.querySelectorAll('svg')) {
      expect(svg.querySelector('path, circle, rect, text')).not.toBeNull();
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs an unknown type once and draws nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = render(
      <>
        <Icon type="unicorn" />
        <Icon type="unicorn" />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Unknown icon type "unicorn": nothing drawn.');
    expect(isIconType('unicorn')).toBe(false);
    expect(isIconType('commissionData')).toBe(true);
  });

  it('is decorative without a label and an image with one', () => {
    render(
      <>
        <Icon type="heart" />
        <Icon type="clients" label="Clients" />
      </>,
    );
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Clients' })).toHaveAttribute('data-icon', 'clients');
  });
});

describe('flags (spec: docs/spec-coverage.md#s9-flag-mapping-en-gb, "Flag mapping")', () => {
  it('has one for the country of each language', () => {
    expect(Object.keys(FLAGS).sort()).toEqual(
      ['gb', 'de', 'dk', 'es', 'fr', 'hu', 'it', 'jp', 'nl', 'pt', 'ro', 'tw'].sort(),
    );
  });

  it('draws a known flag decoratively and logs an unknown one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = render(
      <>
        <Flag country="tw" />
        <Flag country="xx" />
      </>,
    );
    expect(container.querySelectorAll('svg')).toHaveLength(1);
    expect(container.querySelector('svg')).toHaveAttribute('data-flag', 'tw');
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(warn).toHaveBeenCalledWith('No flag for "xx": nothing drawn.');
  });
});
