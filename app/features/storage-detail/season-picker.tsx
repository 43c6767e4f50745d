// The storage detail's season choice (the Conditions and Ledger tabs): a GET form that keeps its tab,
// offering the seasons with records and the one shown; the tab's own links (CSV, PDF) beside it.
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { season as seasonOfYear, type Season } from '#core/season.ts'

export function SeasonPicker({ tab, season, seasons, children }: { tab: string; season: Season; seasons: readonly number[]; children?: ReactNode }) {
  const choices = seasons.includes(season.year) ? seasons : [season.year, ...seasons].sort((a, b) => b - a)
  return (
    <Form method="get" className="season-form">
      <input type="hidden" name="tab" value={tab} />
      <label className="field">
        <span>Season</span>
        <select name="season" defaultValue={season.year} key={season.year}>
          {choices.map((y) => (
            <option key={y} value={y}>
              {seasonOfYear(y).label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button">
        Show
      </button>
      {children}
    </Form>
  )
}
