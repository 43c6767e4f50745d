// pg-boss on the app's own Postgres (its tables live in the `pgboss` schema).
import PgBoss from 'pg-boss'

export function createBoss(connectionString: string): PgBoss {
  const boss = new PgBoss({ connectionString, max: 4, application_name: 'field-ops-jobs' })
  boss.on('error', (error) => console.error('[jobs]', error))
  return boss
}
