import { useId } from 'react';
import { PER_AUTHOR_FIGURES, type WeekSummary, type YearSummary } from '#protocol';
import './yearChart.css';

interface Metric {
  key: 'reports' | 'roundsShare' | 'sick' | 'away' | 'cases';
  label: string;
  /** How a week's value reads in the table and the chart's description. */
  format(value: number): string;
  /** The highest value drawn full height (rounds are a share: 100 %). */
  max?: number;
}

const percent = (share: number) => `${Math.round(share * 100)} %`;
const count = (value: number) => String(value);

const METRICS: readonly Metric[] = [
  { key: 'reports', label: 'Rapporter skrevet', format: count },
  { key: 'roundsShare', label: 'Runder krysset av', format: percent, max: 1 },
  { key: 'sick', label: 'Syke elever', format: count },
  { key: 'away', label: 'Bortreiste elever', format: count },
  { key: 'cases', label: 'Saker til vaktmester', format: count },
];

const BAR = 10;
const GAP = 2;
const HEIGHT = 36;

interface YearChartProps {
  summary: YearSummary;
  chosenWeek: number;
  onChooseWeek(week: number): void;
  /** The chosen user's name, when the summary is of one user's figures (PER_AUTHOR_FIGURES). */
  user?: string | null;
}

/**
 * The year at a glance: one row of weekly bars per measure, the chosen week marked. Each row tells
 * its story in words to a screen reader, and the table below holds every number.
 */
export default function YearChart({ summary, chosenWeek, onChooseWeek, user }: YearChartProps) {
  const id = useId();
  const width = summary.weeks.length * (BAR + GAP);
  const labelOf = (metric: Metric) => (user && PER_AUTHOR_FIGURES.includes(metric.key) ? `${metric.label} (${user})` : metric.label);
  return (
    <div className="year-chart" data-testid="year-chart">
      {user && (
        <p className="year-chart-scope" data-testid="year-chart-scope">
          Rapporter, runder og saker til vaktmester gjelder bare {user}. Syke og bortreiste elever gjelder hele skolen.
        </p>
      )}
      {METRICS.map((metric) => {
        const label = labelOf(metric);
        const values = summary.weeks.map((week) => week[metric.key]);
        const max = metric.max ?? Math.max(1, ...values);
        const peak = summary.weeks.reduce((best, week) => (week[metric.key] > best[metric.key] ? week : best), summary.weeks[0]!);
        const chosen = summary.weeks[chosenWeek - 1];
        const description =
          `${label} per uke i ${summary.year}: ` +
          (peak[metric.key] > 0 ? `høyest i uke ${peak.week} (${metric.format(peak[metric.key])})` : 'ingen') +
          (chosen ? `; uke ${chosen.week}: ${metric.format(chosen[metric.key])}.` : '.');
        return (
          <div key={metric.key} className="year-chart-row">
            <p className="year-chart-label" id={`${id}-${metric.key}`}>
              {label}
              {chosen && (
                <span className="year-chart-value">
                  {' '}
                  · uke {chosen.week}: {metric.format(chosen[metric.key])}
                </span>
              )}
            </p>
            <svg
              className="year-chart-bars"
              viewBox={`0 0 ${width} ${HEIGHT}`}
              preserveAspectRatio="none"
              role="img"
              aria-label={description}
              data-testid={`year-chart-${metric.key}`}
            >
              <rect className="year-chart-baseline" x={0} y={HEIGHT - 1} width={width} height={1} />
              {summary.weeks.map((week, i) => {
                const h = Math.max(week[metric.key] > 0 ? 2 : 0, (week[metric.key] / max) * (HEIGHT - 2));
                return (
                  <g
                    key={week.week}
                    className={week.week === chosenWeek ? 'year-chart-week chosen' : 'year-chart-week'}
                    onClick={() => onChooseWeek(week.week)}
                  >
                    <rect className="year-chart-hit" x={i * (BAR + GAP)} y={0} width={BAR + GAP} height={HEIGHT} />
                    <rect className="year-chart-bar" x={i * (BAR + GAP)} y={HEIGHT - h} width={BAR} height={h} />
                  </g>
                );
              })}
            </svg>
          </div>
        );
      })}
      <p className="year-chart-axis" aria-hidden="true">
        <span>Uke 1</span>
        <span>Uke {summary.weeks.length}</span>
      </p>
      <details className="year-chart-table">
        <summary>Vis tallene som tabell</summary>
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">
              {summary.year} uke for uke{user ? ` (${user})` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Uke</th>
                {METRICS.map((metric) => (
                  <th key={metric.key} scope="col">
                    {labelOf(metric)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {summary.weeks.map((week: WeekSummary) => (
                <tr key={week.week} aria-current={week.week === chosenWeek ? 'true' : undefined}>
                  <th scope="row">{week.week}</th>
                  {METRICS.map((metric) => (
                    <td key={metric.key}>{metric.format(week[metric.key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
