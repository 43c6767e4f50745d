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

/**
 * Copies `template` into a new database `name`. PostgreSQL 15 and later copy block by block
 * through the write-ahead log unless asked for a file copy, which is 2–5 times quicker for a small
 * database (24 ms instead of 40–120 here); older servers copy files anyway.
 */
export async function copyDatabase(adminUrl: string, template: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const version = Number((await client.query<{ server_version_num: string }>('show server_version_num')).rows[0]!.server_version_num)
    await client.query(`create database ${name} template ${template}${version >= 150000 ? ' strategy file_copy' : ''}`)
  } finally {
    await client.end()
  }
}
