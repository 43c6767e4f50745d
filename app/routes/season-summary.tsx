// Season Summary (issue 12, decision 0042): one July–June season's application totals by grower,
// applicator licence and product (total cwt treated, total amount applied per unit, applications),
// read from the totals the records keep (migration 0025), so it stays fast over a million records.
// The season picker is a GET form (works without JavaScript); CSV and PDF beside it.
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { readWithAccess } from '#app/auth/guard.server.ts'
import { SUMMARY_HEADER, SUMMARY_NOTE, summaryTable } from '#app/documents/application-record-pdf-summary.ts'
import { countText } from '#core/formats.ts'
import { parseSeason, season as seasonOfYear, SEASON_MESSAGE, seasonOf, type Season } from '#core/season.ts'
import { getDb } from '#db/client.server.ts'
import { recordSeasons, seasonTotals } from '#db/queries/application-records.ts'

export const access = ACCESS['/season-summary']
export const meta: MetaFunction = () => [{ title: 'Season Summary' }]
export const handle = {
  crumbs: [
    { label: 'Pre-Treats', to: '/pretreats' },
    { label: 'Season Summary', to: '/season-summary' },
  ],
}

/** The URL's season, or the current one (with a message when the URL named something else). */
export function seasonFromUrl(url: URL): { season: Season; error: string | null } {
  const asked = url.searchParams.get('season')
  const parsed = parseSeason(asked)
  return { season: parsed ?? seasonOf(new Date()), error: asked !== null && asked !== '' && !parsed ? SEASON_MESSAGE : null }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { season, error } = seasonFromUrl(new URL(request.url))
  const db = getDb()
  const { data } = await readWithAccess(request, access, () => Promise.all([seasonTotals(db, season.year), recordSeasons(db)]))
  const [totals, seasons] = data
  const current = seasonOf(new Date()).year
  const years = [...new Set([current, season.year, ...seasons])].sort((a, b) => b - a)
  return json({ season, error, table: summaryTable(totals), choices: years.map((y) => seasonOfYear(y)) })
}

export default function SeasonSummary() {
  const { season, error, table, choices } = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Season Summary</h1>
      <p className="muted">{SUMMARY_NOTE}</p>
      <Form method="get" className="list-toolbar" aria-label="Season">
        <div className="list-toolbar-field">
          <label htmlFor="season">Season (July–June)</label>
          <select id="season" name="season" defaultValue={String(season.year)} aria-invalid={error ? true : undefined}>
            {choices.map((c) => (
              <option key={c.year} value={c.year}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-small">
          Show
        </button>
        <a className="button button-secondary button-small" href={`/season-summary.csv?season=${season.year}`}>
          CSV
        </a>
        {/* a button, not a link: making the PDF is work for the render-pdf queue, asked for on purpose */}
        <button type="submit" formAction="/season-summary/pdf" className="button button-secondary button-small">
          PDF
        </button>
      </Form>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <h2>
        {season.label}: {countText(table.applications, 'application')}
      </h2>
      {table.rows.length === 0 ? (
        <p>No completed applications in this season.</p>
      ) : (
        <div className="table-scroll">
          <table className="list-table">
            <caption className="visually-hidden">Season Summary {season.label}</caption>
            <thead>
              <tr>
                {SUMMARY_HEADER.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <Link to="/application-records">Application Records</Link>
      </p>
    </>
  )
}
