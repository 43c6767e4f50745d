import { Link, useLoaderData } from '@remix-run/react'
import type { MenuSection } from '#app/menu.ts'
import { CardGrid } from './card-grid.tsx'
import { FlashNotice } from './form/flash-notice.tsx'

export interface SectionMenuData {
  title: string
  description: string
  path: string
  sections: MenuSection[]
  tab: string
}

/** A section menu: tabs (plain links, so they work without JavaScript) over groups of cards. */
export function SectionMenuPage() {
  const data = useLoaderData<SectionMenuData>()
  const current = data.sections.find((s) => s.id === data.tab) ?? data.sections[0]
  return (
    <>
      <FlashNotice />
      <h1>{data.title}</h1>
      <p className="muted">{data.description}</p>
      {data.sections.length > 1 ? (
        <nav className="tabs" aria-label={`${data.title} sections`}>
          {data.sections.map((s) => (
            <Link key={s.id} to={`${data.path}?tab=${s.id}`} aria-current={s.id === current?.id ? 'page' : undefined} preventScrollReset>
              {s.title}
            </Link>
          ))}
        </nav>
      ) : null}
      {current ? (
        <section aria-label={current.title}>
          <CardGrid items={current.items} />
        </section>
      ) : (
        <p>No screens here are open to you yet. Ask an administrator for the permissions you need.</p>
      )}
    </>
  )
}
