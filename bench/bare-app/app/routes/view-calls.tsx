// The HTTP floor of `npm run bench`: a bare Remix route that sends the same SQL as the app's
// /view-calls page (the statements the bench captured from one real request, in
// BENCH_STATEMENTS) through the same kind of pool, all at once, and renders the list's rows in a
// plain table. No session check, no shell, no list engine: what Remix and the database cost alone.
import { useLoaderData } from '@remix-run/react'
import pg from 'pg'

interface Statement {
  sql: string
  parameters: unknown[]
  /** named prepared statement, as the app runs it */
  name?: string
  /** the statement whose rows the page lists */
  rows?: boolean
}

const statements: Statement[] = JSON.parse(process.env.BENCH_STATEMENTS ?? '[]')
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 10) })

export async function loader() {
  const results = await Promise.all(statements.map((s) => pool.query({ name: s.name, text: s.sql, values: s.parameters })))
  const listed = statements.findIndex((s) => s.rows)
  return { rows: (results[listed]?.rows ?? []) as Record<string, unknown>[] }
}

export default function ViewCalls() {
  const { rows } = useLoaderData<typeof loader>()
  const columns = Object.keys(rows[0] ?? {})
  return (
    <table>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c}>{c}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {columns.map((c) => (
              <td key={c}>{String(row[c] ?? '')}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
