import type uPlot from 'uplot';

/**
 * uPlot stand-in for jsdom (no canvas, no matchMedia): records the options and data each chart was given,
 * so a test can read what would be drawn. Tests use it with `vi.mock('uplot', () => import(...))`.
 */
export const charts: FakeUPlot[] = [];

export default class FakeUPlot {
  static paths = { bars: () => () => null };
  data: uPlot.AlignedData;
  destroyed = false;

  constructor(
    readonly opts: uPlot.Options,
    data: uPlot.AlignedData,
    target: HTMLElement,
  ) {
    this.data = data;
    target.append(document.createElement('canvas'));
    charts.push(this);
  }

  setData(data: uPlot.AlignedData) {
    this.data = data;
  }

  setSize() {}

  destroy() {
    this.destroyed = true;
  }
}

/** The chart of the page that is still shown. */
export function liveChart(): FakeUPlot | undefined {
  return charts.filter((chart) => !chart.destroyed).at(-1);
}
