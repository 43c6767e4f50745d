// The one way a workflow's state set (core/pretreat-states.ts) reaches SQL (issue 39): no query
// writes state names of its own (tests/architecture/state-sets.unit.test.ts). The states go in as
// literals, not parameters, so the text matches the partial indexes' conditions (migrations 0020,
// 0033, 0035, 0038, 0046) whatever plan the statement gets.
import { sql, type RawBuilder, type SqlBool } from 'kysely'
import type { PretreatState, ServiceSheetState } from '#core/workflow-states.ts'

/** `column in ('a', 'b')`: usable in `.where(…)`, in `sql` templates and in `filter (where …)`. */
export function inStates(column: string, states: readonly (PretreatState | ServiceSheetState)[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(states.map((state) => sql.lit(state)))})`
}
