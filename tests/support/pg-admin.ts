import pg from 'pg'

/** migrated, empty (tests/support/pg-cluster.ts) */
export const TEMPLATE_DB = 'app_test_template'
/** migrated, with the demo data `npm start` seeds */
export const DEMO_TEMPLATE_DB = 'app_test_demo'

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}
