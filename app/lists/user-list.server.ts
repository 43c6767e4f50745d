// Users (/manage-user): username, name, email, company, staff, superuser, active, all sortable
// and filterable (text by part of it, the company by part of its name, the flags by Yes or No),
// by username first. The users table stays small (people, not records): the unfiltered total is a
// count, and no index beyond the username's is needed.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { defineList, yesNoFilter } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

const fullName = sql<string>`btrim(concat_ws(' ', u.first_name, u.last_name))`

export const userList = defineList({
  from: (db: Executor) => db.selectFrom('users as u'),
  joins: (qb) => qb.leftJoin('companies as co', 'co.id', 'u.company_id'),
  select: (qb) => qb.select(['u.id', 'u.username', fullName.as('name'), 'u.email', 'co.company_name', 'u.is_staff', 'u.is_superuser', 'u.is_active', 'u.created_at', 'u.last_login_at']),
  primaryKey: 'u.id',
  sortable: {
    username: { expr: sql`lower(u.username)`, unique: true },
    name: fullName,
    email: 'u.email',
    company: { expr: 'co.company_name', join: (qb) => qb.innerJoin('companies as co', 'co.id', 'u.company_id'), nullableKey: 'u.company_id' },
    staff: 'u.is_staff',
    superuser: 'u.is_superuser',
    active: 'u.is_active',
  },
  filterable: {
    username: { kind: 'contains', column: 'u.username' },
    name: { kind: 'contains', column: fullName },
    email: { kind: 'contains', column: 'u.email' },
    company: { kind: 'name', table: 'companies', nameColumn: 'company_name', foreignKey: 'u.company_id' },
    staff: yesNoFilter('u.is_staff'),
    superuser: yesNoFilter('u.is_superuser'),
    active: yesNoFilter('u.is_active'),
  },
  // the date range is when the account was made
  dateColumn: 'u.created_at',
  defaultSort: { key: 'username', order: 'asc' },
})

export type UserListRow = Awaited<ReturnType<typeof userList.load>>['rows'][number]

/** The Users screen (routes/manage-user.tsx and its CSV, manage-user[.]csv.ts). */
export const users = listScreen({ list: userList, choices: ['company'] })
