import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

import { formatMoney, moneyLocale } from '../../../lib/format/money';
import { useCurrentLanguage } from '../../../lib/i18n';
import type { MonthEarnings } from '../api/types';
import { formatMonth } from './format';

const HEIGHT = 260;
const COLORS = { earned: '#1f5f4a', reversed: '#a61b1b', paid: '#2b5c8a' } as const;

/** The chart's three figures per month: earned, reversed (negative, as the ledger has it) and paid out (what left). */
export function chartRows(months: readonly MonthEarnings[]) {
  return months.map((month) => ({
    month: month.month,
    earned: Number.parseFloat(month.earned) || 0,
    reversed: Number.parseFloat(month.reversed) || 0,
    paid: Math.abs(Number.parseFloat(month.paid) || 0),
  }));
}

/**
 * Earnings per month for the last 12 months as a uPlot chart (earned and reversed as bars above and below
 * zero, paid out as a line), with the same figures in a table: visually hidden unless asked for, always
 * there for screen readers. The chart is drawn once per currency and given new data when it changes live.
 */
export function MonthsChart({ months, currency }: { months: readonly MonthEarnings[]; currency: string }) {
  const { t } = useTranslation('earnings');
  const language = useCurrentLanguage();
  const [tableShown, setTableShown] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const tableId = useId();
  const rows = chartRows(months);
  const short = rows.map((row) => formatMonth(row.month, language, 'short'));
  const long = rows.map((row) => formatMonth(row.month, language));
  const data: uPlot.AlignedData = [
    rows.map((_, index) => index),
    rows.map((row) => row.earned),
    rows.map((row) => row.reversed),
    rows.map((row) => row.paid),
  ];
  const dataKey = JSON.stringify(data);
  const names = { earned: t('chart.earned'), reversed: t('chart.reversed'), paid: t('chart.paid') };
  const namesKey = JSON.stringify(names);
  // uPlot keeps the formatters it was made with: they read the month labels and figures of the last render.
  const latest = useRef({ short, long, data });
  useEffect(() => {
    latest.current = { short, long, data };
  });

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const money = (value: number | null) => (value === null ? '–' : formatMoney(value, currency));
    const axisMoney = new Intl.NumberFormat(moneyLocale(currency), { style: 'currency', currency, maximumFractionDigits: 0 });
    const label = JSON.parse(namesKey) as { earned: string; reversed: string; paid: string };
    const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
    const width = () => Math.max(element.clientWidth, 280);
    const options: uPlot.Options = {
      width: width(),
      height: HEIGHT,
      scales: { x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] } },
      axes: [
        {
          splits: () => latest.current.short.map((_, index) => index),
          values: (_u, splits) => splits.map((index) => latest.current.short[index] ?? ''),
          gap: 4,
        },
        { values: (_u, splits) => splits.map((value) => axisMoney.format(value)), size: 72 },
      ],
      series: [
        { label: t('chart.month'), value: (_u, index) => latest.current.long[index] ?? '' },
        { label: label.earned, stroke: COLORS.earned, fill: COLORS.earned, paths: bars, points: { show: false }, value: (_u, v) => money(v) },
        { label: label.reversed, stroke: COLORS.reversed, fill: COLORS.reversed, paths: bars, points: { show: false }, value: (_u, v) => money(v) },
        { label: label.paid, stroke: COLORS.paid, width: 2, points: { show: true, size: 6, fill: COLORS.paid }, value: (_u, v) => money(v) },
      ],
      cursor: { drag: { x: false, y: false } },
    };
    const chart = new uPlot(options, latest.current.data, element);
    plot.current = chart;
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.setSize({ width: width(), height: HEIGHT }));
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [currency, namesKey, t]);

  // New figures (a client paid) go into the chart that is there, without making it again.
  useEffect(() => {
    plot.current?.setData(JSON.parse(dataKey) as uPlot.AlignedData);
  }, [dataKey]);

  return (
    <figure className="earnings-chart" aria-labelledby={`${tableId}-caption`}>
      <figcaption id={`${tableId}-caption`} className="earnings-chart__caption">
        {t('chart.caption', { currency })}
      </figcaption>
      <div ref={box} className="earnings-chart__plot" role="img" aria-label={t('chart.label', { currency })} />
      <button
        type="button"
        className="button button--secondary earnings-chart__toggle"
        aria-pressed={tableShown}
        aria-controls={tableId}
        onClick={() => setTableShown(!tableShown)}
      >
        {t('chart.show-table')}
      </button>
      <div id={tableId} className={tableShown ? 'earnings-table-wrap' : 'visually-hidden'}>
        <table className="earnings-table">
          <caption>{t('chart.table-caption', { currency })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.month')}</th>
              <th scope="col">{names.earned}</th>
              <th scope="col">{names.reversed}</th>
              <th scope="col">{names.paid}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.month}>
                <th scope="row">{long[index]}</th>
                <td>{formatMoney(row.earned, currency)}</td>
                <td>{formatMoney(row.reversed, currency)}</td>
                <td>{formatMoney(row.paid, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
