// pg-boss on the app's own Postgres (its tables live in the `pgboss` schema). It works through a
// transaction-mode pooler (PgBouncer), its own schema install and migrations included: each of its
// locks is a pg_advisory_xact_lock inside one BEGIN…COMMIT sent as one query, its workers poll (no
// LISTEN) and its statements are unnamed (decision 0074; db/pgbouncer.test.ts).
import PgBoss from 'pg-boss'

export function createBoss(connectionString: string): PgBoss {
  // Maintenance every 30 s (pg-boss's default is 120): it is what fails a job whose worker died
  // (kill -9, a lost machine) once the job's expireInSeconds has passed, so that another worker
  // retries it; a person waiting for a PDF waits up to expireInSeconds + 30 s rather than + 120 s.
  const boss = new PgBoss({ connectionString, max: 4, application_name: 'field-ops-jobs', maintenanceIntervalSeconds: 30 })
  boss.on('error', (error) => console.error('[jobs]', error))
  return boss
}
