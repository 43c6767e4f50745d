// The contacts section menu (/contacts): Forms, Views and Growers (docs/decisions/0023), and under
// them the follow-ups due (beyond the spec): contacts whose contact interval has passed since they
// were last spoken to (db/queries/contacts.ts followUpsDue), most overdue first, for those who may
// view the growers' notes. A row leads to the grower's notes.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ACCESS, mayOpen } from '#app/access.ts'
import { ListCards } from '#app/components/list/list-cards.tsx'
import { EmptyState } from '#app/components/list/empty-state.tsx'
import { SectionMenuPage } from '#app/components/section-menu-page.tsx'
import { sectionMenu } from '#app/menu.ts'
import { sectionMenuLoader } from '#app/section-menu.server.ts'
import { getUser } from '#app/auth/guard.server.ts'
import { formatDate } from '#core/formats.ts'
import { getDb } from '#db/client.server.ts'
import { followUpsDue } from '#db/queries/contacts.ts'

export const access = sectionMenu('/contacts').access

export const handle = { crumbs: [{ label: 'Contacts', to: '/contacts' }] }

/** The most overdue shown on the menu; the heading says how many there are in all. */
const FOLLOW_UPS_SHOWN = 25

const menuLoader = sectionMenuLoader('/contacts')

export async function loader(args: LoaderFunctionArgs) {
  const menu = await menuLoader(args) // the menu's rule first: 302 or 403 before anything is read
  const user = await getUser(args.request)
  const due = mayOpen(user, ACCESS['/view-interaction']) ? await followUpsDue(getDb(), { limit: FOLLOW_UPS_SHOWN }) : null
  return { ...menu, due, canWriteNotes: mayOpen(user, ACCESS['/interaction-form']) }
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>
type Due = NonNullable<Data['due']>['rows'][number]

const lastText = (r: Due) => (r.last_interaction ? formatDate(r.last_interaction) : 'Never')
const overdueText = (r: Due) => `${r.days_overdue} ${r.days_overdue === 1 ? 'day' : 'days'}`

export default function ContactsMenu() {
  const { due, canWriteNotes } = useLoaderData<typeof loader>()
  return (
    <>
      <SectionMenuPage />
      {due ? <FollowUpsDue due={due} canWriteNotes={canWriteNotes} /> : null}
    </>
  )
}

function FollowUpsDue({ due, canWriteNotes }: { due: NonNullable<Data['due']>; canWriteNotes: boolean }) {
  const href = (r: Due) => `/view-interaction/${r.company_id}`
  return (
    <section aria-labelledby="follow-ups-title" className="follow-ups">
      <h2 id="follow-ups-title">Follow-ups due{due.total > 0 ? ` (${due.total})` : ''}</h2>
      <p className="muted">Contacts not spoken to within their contact interval, most overdue first{due.total > due.rows.length ? `; the ${due.rows.length} most overdue are shown` : ''}.</p>
      {due.rows.length === 0 ? (
        <EmptyState message="No follow-ups due." />
      ) : (
        <>
          <div className="list-table-wrap">
            <table className="list-table">
              <caption className="visually-hidden">Follow-ups due</caption>
              <thead>
                <tr>
                  <th scope="col">Contact</th>
                  <th scope="col">Company</th>
                  <th scope="col">Last Interaction</th>
                  <th scope="col">Days Overdue</th>
                  {canWriteNotes ? (
                    <th scope="col">
                      <span className="visually-hidden">Notes</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {due.rows.map((r) => (
                  <tr key={r.contact_id}>
                    <td>{r.contact_name}</td>
                    <td>
                      <Link to={href(r)}>{r.company_name}</Link>
                    </td>
                    <td className="cell-nowrap">{lastText(r)}</td>
                    <td>{overdueText(r)}</td>
                    {canWriteNotes ? (
                      <td>
                        <Link to={`/interaction-form/${r.company_id}?contact=${r.contact_id}`}>Write notes</Link>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ListCards
            rows={due.rows}
            rowKey={(r) => r.contact_id}
            rowHref={href}
            title={(r) => `${r.contact_name} · ${r.company_name}`}
            fields={[
              { label: 'Last interaction', value: lastText },
              { label: 'Overdue', value: overdueText },
            ]}
            label="Follow-ups due"
          />
        </>
      )}
    </section>
  )
}
