// The storage picker's page (/storage, /manage-storage, /edit-storage): the grower step, its
// storages as cards, and the customer panel. The loader is storage-picker.server.ts.
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { formatPhone } from '#core/schemas/contact.ts'
import { CompanyPicker } from '#app/components/form/company-picker.tsx'
import { FlashNotice } from '#app/components/form/flash-notice.tsx'
import type { StoragePickerData } from './storage-picker.server.ts'

export const NO_STORAGES = 'No storage data available.'

type Card = StoragePickerData['storages'][number]

export function StoragePickerPage({ data, path, title }: { data: StoragePickerData; path: string; title?: string }) {
  const { picker, links } = data
  const company = picker.company
  const hrefOf = (card: Card) => (data.mode === 'view' ? `/view-storage/${card.id}` : links.editStorage ? `/edit-storage/${card.id}` : null)
  return (
    <>
      <FlashNotice />
      <h1>{data.heading}</h1>
      {title ? <p className="muted">{title}</p> : null}
      <div className="form-page">
        <CompanyPicker picker={picker} action={path} label="Company" legend="Choose a grower" />
      </div>
      {links.addStorage ? (
        <p className="form-actions">
          <Link className="button" to={company ? `/add-storage?${new URLSearchParams({ company: company.name })}` : '/add-storage'}>
            Add Storage
          </Link>
        </p>
      ) : null}
      {company ? (
        <section aria-labelledby="storages-title" style={{ marginTop: 'var(--space-4)' }}>
          <h2 id="storages-title">Storages of {company.name}</h2>
          {links.storageCheck ? (
            <p>
              <Link to={`/storage-check-form/${company.id}`}>Storage Check Form for {company.name}</Link>
            </p>
          ) : null}
          {data.storages.length === 0 ? (
            <p className="muted">{NO_STORAGES}</p>
          ) : (
            <ul className="card-grid" aria-label="Storages">
              {data.storages.map((card) => (
                <li key={card.id}>
                  <StorageCard card={card} href={hrefOf(card)} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {company && data.panel ? <CustomerPanel company={company} panel={data.panel} links={links} /> : null}
    </>
  )
}

function StorageCard({ card, href }: { card: Card; href: string | null }) {
  const body = (
    <>
      <h3>
        {card.name}{' '}
        <span className="tag" style={card.active ? undefined : { background: '#eee', color: '#555' }}>
          {card.active ? 'Active' : 'Inactive'}
        </span>
      </h3>
      <p>{card.type ?? 'Type not set'}</p>
      <p>Last check: {card.last_check_date ? `${card.last_check_date}${card.last_check_fill ? ` (${card.last_check_fill})` : ''}` : 'none yet'}</p>
      {card.last_pretreat_date ? <p>Last pre-treat: {card.last_pretreat_date}</p> : null}
    </>
  )
  return href ? (
    <Link className="card" to={href}>
      {body}
    </Link>
  ) : (
    <div className="card">{body}</div>
  )
}

function CustomerPanel({ company, panel, links }: { company: { id: number; name: string }; panel: NonNullable<StoragePickerData['panel']>; links: StoragePickerData['links'] }) {
  const linkList: [boolean, string, string][] = [
    [links.interactionForm, `/interaction-form/${company.id}`, 'Customer Notes Form'],
    [links.contacts, `/view-contact/${company.id}`, 'Company Contacts'],
    [links.interactions, `/view-interaction/${company.id}`, 'Company Interactions'],
  ]
  return (
    <section aria-labelledby="customer-panel-title" className="card" style={{ marginTop: 'var(--space-4)', height: 'auto' }}>
      <h2 id="customer-panel-title">Customer Interactions</h2>
      <Part title="Latest notes" empty="No notes yet.">
        {panel.interactions.map((note) => (
          <li key={note.id}>
            <strong>{note.date}</strong> · {note.contact_name}: <span className="muted">{excerpt(note.notes)}</span>
          </li>
        ))}
      </Part>
      <Part title="Contacts" empty="No contacts yet.">
        {panel.contacts.map((contact) => (
          <li key={contact.id}>
            <strong>{contact.name}</strong>
            {contact.role ? ` (${contact.role})` : ''}
            {contact.phone ? (
              <>
                {' '}
                · <a href={`tel:${contact.phone}`}>{formatPhone(contact.phone)}</a>
              </>
            ) : null}
            {contact.email ? (
              <>
                {' '}
                · <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </>
            ) : null}
          </li>
        ))}
      </Part>
      <nav aria-label="Customer links" className="form-actions">
        {linkList
          .filter(([shown]) => shown)
          .map(([, to, text]) => (
            <Link key={to} to={to} className="button button-secondary">
              {text}
            </Link>
          ))}
      </nav>
    </section>
  )
}

function Part({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <>
      <h3 style={{ color: 'inherit' }}>{title}</h3>
      {children.length === 0 ? <p className="muted">{empty}</p> : <ul style={{ paddingLeft: '1.2em', margin: '0 0 var(--space-3)' }}>{children}</ul>}
    </>
  )
}

/** The first 160 characters of a note, on one line. */
function excerpt(notes: string): string {
  const line = notes.replace(/\s+/g, ' ').trim()
  return line.length > 160 ? `${line.slice(0, 159)}…` : line
}
