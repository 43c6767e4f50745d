// Storage detail (/view-storage/{id}, storages-and-pretreats.md §2): the storage's name with an
// Active or Inactive label, owner, address, GPS (a map link), type and service start, then tabs,
// each a URL (?tab=…) so they work without JavaScript: Equipment, Storage Checks, Service Calls,
// Pre Treats, and beyond the spec a season's chemical Ledger, a Timeline and a Conditions chart. A tab the user may not see is
// not offered. The loader (data.server.ts) reads the open tab only. A missing storage, or an id
// that is not one, is the app's 404 page (the root error boundary).
import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { ListCards } from '#app/components/list/list-cards.tsx'
import { ListErrorBoundary } from '#app/components/list/list-screen.tsx'
import { StorageCheckList } from '#app/components/storage-checks.tsx'
import { ConditionsChart, ConditionsTable } from '#app/features/storage-detail/conditions-chart.tsx'
import { Equipment } from '#app/features/storage-detail/equipment.tsx'
import { StorageFollowUps } from '#app/features/restart-follow-ups/follow-ups.tsx'
import { SeasonLedgerTab } from '#app/features/storage-detail/season-ledger.tsx'
import { SeasonPicker } from '#app/features/storage-detail/season-picker.tsx'
import { GpsLink } from '#app/components/gps-link.tsx'
import storageDetailCss from '#app/features/storage-detail/storage-detail.css?url'
import { StorageSheetList } from '#app/features/storage-detail/storage-sheets.tsx'
import { Timeline } from '#app/features/storage-detail/timeline.tsx'
import { formatDate, formatGps } from '#core/formats.ts'
import { reentryText } from '#core/reentry.ts'
import type { loader, LoaderData, Tab, TabOf } from './data.server.ts'

export { loader } from './data.server.ts'
export const access = ACCESS['/view-storage/:id']
export const links = () => [{ rel: 'stylesheet', href: storageDetailCss }]
export const meta: MetaFunction<() => LoaderData> = ({ data }) => [{ title: data ? `${data.storage.name} – Storage` : 'Storage' }]
export const handle = {
  crumbs: (data: LoaderData | undefined) => [
    { label: 'Growers', to: '/storage' },
    { label: data?.storage.name ?? 'Storage', to: '.' },
  ],
}

const TAB_LABELS: Record<Tab, string> = {
  equipment: 'Equipment',
  checks: 'Storage Checks',
  service: 'Service Calls',
  pretreats: 'Pre Treats',
  ledger: 'Ledger',
  timeline: 'Timeline',
  conditions: 'Conditions',
}

type Storage = LoaderData['storage']

function MapLink({ storage }: { storage: Storage }) {
  const gps = formatGps(storage.gps_lat, storage.gps_lng)
  return gps ? <GpsLink gps={gps} /> : <>Not available</>
}

function StorageFacts({ storage, reentry }: { storage: Storage; reentry: LoaderData['reentry'] }) {
  const facts: [string, React.ReactNode][] = [
    ['Owner', storage.owner_name],
    ...(storage.grower_name && storage.grower_name !== storage.owner_name ? ([['Grower', storage.grower_name]] as [string, string][]) : []),
    ['Address', storage.address.trim() || 'Not available'],
    ['GPS', <MapLink key="gps" storage={storage} />],
    ['Type', storage.type || 'Not available'],
    ['Service Start', storage.service_start ? formatDate(storage.service_start) : 'Not available'],
    ['Crop', storage.seed ? 'Seed potatoes' : 'Not seed'],
    ['Planned Removal', storage.planned_removal ? formatDate(storage.planned_removal) : 'Not planned'],
    ...(reentry ? ([['Re-entry From', `${reentryText(reentry)}, ${reentry.pre_treat_number}`]] as [string, string][]) : []),
  ]
  return (
    <dl className="detail-list storage-facts">
      {facts.map(([label, value]) => (
        <div key={label} className="detail-pair">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function PretreatTable({ content }: { content: TabOf<'pretreats'> }) {
  return (
    <section aria-labelledby="pretreats-title">
      <h2 id="pretreats-title">Completed Pre Treats</h2>
      {content.pretreats.length === 0 ? (
        <p className="list-empty">No completed pre-treats available.</p>
      ) : (
        <>
          {/* a table from 600 px, cards on a phone (lists.css switches them, as on every list) */}
          <div className="list-table-wrap table-scroll">
            <table className="plain-table">
              <caption className="visually-hidden">Completed pre-treats</caption>
              <thead>
                <tr>
                  <th scope="col">Application Date</th>
                  <th scope="col">Pre-Treat #</th>
                  <th scope="col">Treated For</th>
                  <th scope="col">Stock Type</th>
                  <th scope="col">Variety</th>
                  <th scope="col">Applicator</th>
                </tr>
              </thead>
              <tbody>
                {content.pretreats.map((p) => (
                  <tr key={p.id}>
                    <td>{formatDate(p.application_date)}</td>
                    <td>
                      <Link to={`/pretreats/${p.id}`}>{p.pre_treat_number}</Link>
                    </td>
                    <td>{p.treated_for}</td>
                    <td>{p.stock_type}</td>
                    <td>{p.variety}</td>
                    <td>{p.applicator ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ListCards
            rows={content.pretreats}
            rowKey={(p) => p.id}
            rowHref={(p) => `/pretreats/${p.id}`}
            title={(p) => `${formatDate(p.application_date)} · ${p.pre_treat_number}`}
            fields={[
              { label: 'Treated For', value: (p) => p.treated_for },
              { label: 'Stock Type', value: (p) => p.stock_type },
              { label: 'Variety', value: (p) => p.variety },
              { label: 'Applicator', value: (p) => p.applicator ?? '—' },
            ]}
            label="Completed pre-treats"
          />
        </>
      )}
      {content.more ? <p className="muted">{`Showing the newest ${content.pretreats.length}.`}</p> : null}
    </section>
  )
}

function Conditions({ content }: { content: TabOf<'conditions'> }) {
  const { season, seasons, readings, applications } = content
  return (
    <section aria-labelledby="conditions-heading">
      <h2 id="conditions-heading">Conditions, season {season.label}</h2>
      <SeasonPicker tab="conditions" season={season} seasons={seasons} />
      {readings.length === 0 ? (
        <p className="list-empty">No storage checks available.</p>
      ) : (
        <>
          <ConditionsChart season={season} readings={readings} applications={applications} />
          <details className="conditions-numbers">
            <summary>The numbers as a table</summary>
            <ConditionsTable season={season} readings={readings} applications={applications} />
          </details>
        </>
      )}
    </section>
  )
}

function TabContent({ content, storageId }: { content: LoaderData['content']; storageId: number; storage: Storage }) {
  switch (content.tab) {
    case 'checks':
      return <StorageCheckList list={content.checks} title="Storage Checks" forStorage rowHref={(r) => `/view-storage-check/${r.id}?i=${storageId}`} />
    case 'service':
      return <StorageSheetList list={content.sheets} storageId={storageId} />
    case 'pretreats':
      return <PretreatTable content={content} />
    case 'ledger':
      return content.ledger ? <SeasonLedgerTab ledger={content.ledger} seasons={content.seasons} storageId={storageId} linkPretreats={content.linkPretreats} /> : null
    case 'timeline':
      return <Timeline view={content} />
    case 'conditions':
      return <Conditions content={content} />
    default:
      return null
  }
}

export default function StorageDetailPage() {
  const { storage, tabs, content, reentry, followUps } = useLoaderData<typeof loader>()
  return (
    <>
      <div className="storage-head">
        <h1>{storage.name}</h1>
        <span className={`status-label ${storage.active ? 'status-active' : 'status-inactive'}`}>{storage.active ? 'Active' : 'Inactive'}</span>
      </div>
      <StorageFacts storage={storage} reentry={reentry} />
      <StorageFollowUps followUps={followUps.rows} more={followUps.more} />
      <nav className="tabs storage-tabs" aria-label="Storage sections">
        {tabs.map((t) => (
          <Link key={t} to={`?tab=${t}`} aria-current={t === content.tab ? 'page' : undefined} preventScrollReset>
            {TAB_LABELS[t]}
          </Link>
        ))}
      </nav>
      {content.tab === 'equipment' ? <Equipment storage={storage} /> : <TabContent content={content} storageId={storage.id} storage={storage} />}
    </>
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching the storage" />
}
