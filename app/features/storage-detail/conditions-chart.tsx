// The Conditions chart: a season's storage checks (pile 1–4 and plenum in °F on the left axis,
// humidity in % on the right) as lines over July–June, with the season's pre-treat applications
// marked on the time axis. Drawn here as SVG, so the server sends it whole: it shows without
// JavaScript, and each point and mark carries a <title> that browsers show on hover. The same
// numbers follow as a table (for screen readers, and anyone who wants the figures).
import type { ConditionReading, PretreatApplication } from '#db/queries/storage-detail.ts'
import type { Season } from '#core/season.ts'

type SeriesKey = 'pile1' | 'pile2' | 'pile3' | 'pile4' | 'plenum' | 'humidity'

export const SERIES: readonly { key: SeriesKey; label: string; unit: '°F' | '%'; color: string; dash?: string }[] = [
  { key: 'pile1', label: 'Pile 1', unit: '°F', color: '#1f77b4' },
  { key: 'pile2', label: 'Pile 2', unit: '°F', color: '#2ca02c' },
  { key: 'pile3', label: 'Pile 3', unit: '°F', color: '#9467bd' },
  { key: 'pile4', label: 'Pile 4', unit: '°F', color: '#8c564b' },
  { key: 'plenum', label: 'Plenum', unit: '°F', color: '#d62728' },
  { key: 'humidity', label: 'Humidity', unit: '%', color: '#0e7c86', dash: '6 4' },
]

const W = 960
const H = 380
const M = { top: 16, right: 56, bottom: 48, left: 56 }
const PLOT_W = W - M.left - M.right
const PLOT_H = H - M.top - M.bottom
const MONTHS = ['Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun']

const utc = (iso: string) => Date.parse(`${iso}T00:00:00Z`)

/** [low, high] rounded out to `step`, at least one step apart; `fallback` when there are no values. */
function range(values: number[], step: number, fallback: [number, number], clamp?: [number, number]): [number, number] {
  if (values.length === 0) return fallback
  let low = Math.floor(Math.min(...values) / step) * step
  let high = Math.ceil(Math.max(...values) / step) * step
  if (high - low < step) high = low + step
  if (clamp) [low, high] = [Math.max(clamp[0], low), Math.min(clamp[1], high)]
  return [low, high]
}

function ticks([low, high]: [number, number], count: number): number[] {
  const raw = (high - low) / count
  const step = [1, 2, 5, 10, 20, 25, 50].find((s) => s >= raw) ?? 100
  const out: number[] = []
  for (let v = Math.ceil(low / step) * step; v <= high + 1e-9; v += step) out.push(Number(v.toFixed(6)))
  return out
}

const fmt = (value: number) => String(Number(value.toFixed(1)))

export function ConditionsChart({ season, readings, applications }: { season: Season; readings: readonly ConditionReading[]; applications: readonly PretreatApplication[] }) {
  const start = utc(season.start)
  const span = utc(season.end) - start
  const x = (iso: string) => M.left + ((utc(iso) - start) / span) * PLOT_W
  const temps = readings.flatMap((r) => [r.pile1, r.pile2, r.pile3, r.pile4, r.plenum].filter((v): v is number => v !== null))
  const hums = readings.map((r) => r.humidity).filter((v): v is number => v !== null)
  const tRange = range(temps, 5, [30, 60])
  const hRange = range(hums, 5, [80, 100], [0, 100])
  const y = (value: number, unit: '°F' | '%') => {
    const [low, high] = unit === '%' ? hRange : tRange
    return M.top + PLOT_H - ((value - low) / (high - low)) * PLOT_H
  }
  const monthStarts = MONTHS.map((_, i) => {
    const year = season.year + (i >= 6 ? 1 : 0)
    return `${year}-${String(((i + 6) % 12) + 1).padStart(2, '0')}-01`
  })

  return (
    <figure className="conditions">
      <svg viewBox={`0 0 ${W} ${H}`} className="conditions-chart" role="img" aria-labelledby="conditions-title conditions-desc" preserveAspectRatio="xMidYMid meet">
        <title id="conditions-title">{`Storage conditions, season ${season.label}`}</title>
        <desc id="conditions-desc">
          {`Pile 1 to 4 and plenum temperatures (°F) and humidity (%) from ${readings.length} storage checks` +
            (applications.length ? `; ${applications.length} pre-treat applications marked.` : '.') +
            ' The table below holds the same numbers.'}
        </desc>
        <rect x={M.left} y={M.top} width={PLOT_W} height={PLOT_H} className="chart-plot" />
        {/* grid and axes */}
        {ticks(tRange, 6).map((v) => (
          <g key={`t${v}`}>
            <line x1={M.left} x2={M.left + PLOT_W} y1={y(v, '°F')} y2={y(v, '°F')} className="chart-grid" />
            <text x={M.left - 8} y={y(v, '°F') + 4} textAnchor="end" className="chart-tick">{`${v}°`}</text>
          </g>
        ))}
        {ticks(hRange, 5).map((v) => (
          <text key={`h${v}`} x={M.left + PLOT_W + 8} y={y(v, '%') + 4} className="chart-tick">{`${v}%`}</text>
        ))}
        {monthStarts.map((day, i) => (
          <g key={day}>
            <line x1={x(day)} x2={x(day)} y1={M.top + PLOT_H} y2={M.top + PLOT_H + 5} className="chart-axis" />
            <text x={x(day) + PLOT_W / 24} y={M.top + PLOT_H + 20} textAnchor="middle" className="chart-tick">
              {MONTHS[i]}
            </text>
          </g>
        ))}
        <text x={14} y={M.top + PLOT_H / 2} transform={`rotate(-90 14 ${M.top + PLOT_H / 2})`} textAnchor="middle" className="chart-unit">
          °F
        </text>
        <text x={W - 10} y={M.top + PLOT_H / 2} transform={`rotate(90 ${W - 10} ${M.top + PLOT_H / 2})`} textAnchor="middle" className="chart-unit">
          %
        </text>
        {/* pre-treat applications on the time axis */}
        {applications.map((a) => (
          <g key={a.id} className="chart-pretreat">
            <title>{`Pre-treat ${a.number} applied ${a.date}`}</title>
            <line x1={x(a.date)} x2={x(a.date)} y1={M.top} y2={M.top + PLOT_H} />
            <path d={`M ${x(a.date)} ${M.top + PLOT_H + 30} l -6 10 h 12 z`} />
          </g>
        ))}
        {/* one line per series; a missing reading breaks the line there */}
        {SERIES.map((s) => {
          let d = ''
          let pen = 'M'
          for (const r of readings) {
            const v = r[s.key]
            if (v === null) {
              pen = 'M'
              continue
            }
            d += `${pen}${x(r.date).toFixed(1)} ${y(v, s.unit).toFixed(1)} `
            pen = 'L'
          }
          return (
            <g key={s.key} className="chart-series">
              <path d={d} fill="none" stroke={s.color} strokeWidth={2} strokeDasharray={s.dash} />
              {readings.map((r) =>
                r[s.key] === null ? null : (
                  <circle key={r.id} cx={x(r.date)} cy={y(r[s.key]!, s.unit)} r={3.5} fill={s.color}>
                    <title>{`${r.date} · ${s.label}: ${fmt(r[s.key]!)} ${s.unit}`}</title>
                  </circle>
                ),
              )}
            </g>
          )
        })}
      </svg>
      <figcaption>
        <ul className="chart-legend">
          {SERIES.map((s) => (
            <li key={s.key}>
              <svg width="24" height="10" aria-hidden="true">
                <line x1="0" x2="24" y1="5" y2="5" stroke={s.color} strokeWidth={3} strokeDasharray={s.dash} />
              </svg>
              {s.label} ({s.unit})
            </li>
          ))}
          {applications.length ? (
            <li>
              <svg width="24" height="12" aria-hidden="true" className="chart-pretreat">
                <path d="M 12 1 l -6 10 h 12 z" />
              </svg>
              Pre-treat applied
            </li>
          ) : null}
        </ul>
      </figcaption>
    </figure>
  )
}

/** The chart's numbers as a table. */
export function ConditionsTable({ season, readings, applications }: { season: Season; readings: readonly ConditionReading[]; applications: readonly PretreatApplication[] }) {
  const cell = (v: number | null) => (v === null ? '—' : fmt(v))
  return (
    <div className="table-scroll">
      <table className="plain-table">
        <caption>{`Storage check readings, season ${season.label}`}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {SERIES.map((s) => (
              <th key={s.key} scope="col">{`${s.label} (${s.unit})`}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {readings.map((r) => (
            <tr key={r.id}>
              <th scope="row">{r.date}</th>
              {SERIES.map((s) => (
                <td key={s.key}>{cell(r[s.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {applications.length ? (
        <table className="plain-table">
          <caption>{`Pre-treat applications, season ${season.label}`}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Pre-Treat #</th>
            </tr>
          </thead>
          <tbody>
            {applications.map((a) => (
              <tr key={a.id}>
                <td>{a.date}</td>
                <td>{a.number}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  )
}
