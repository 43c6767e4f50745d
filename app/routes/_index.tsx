import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { getUser } from '#app/auth/guard.server.ts'
import { COMPANY_CONTACT, SERVICES } from '#app/company.ts'
import { CardGrid } from '#app/components/card-grid.tsx'
import { FlashNotice } from '#app/components/form/flash-notice.tsx'
import { MAIN_MENU, visibleItems } from '#app/menu.ts'
import { InstallApp, OnThisDevice } from '#app/offline/on-this-device.tsx'
import { displayName } from '#core/permissions.ts'

// The only page besides /login open to visitors: the landing page signed out, the home grid signed in.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) return { signedIn: false as const }
  return { signedIn: true as const, userId: user.id, name: displayName(user), cards: visibleItems(user, MAIN_MENU) }
}

function Landing() {
  return (
    <>
      <section className="landing-hero">
        <h1>Post-harvest storage services</h1>
        <p>We keep stored potatoes sound from harvest to shipping: treatment, ventilation, refrigeration and the buildings around them.</p>
        <p>Please log in to see the forms.</p>
        <p>
          <Link className="button" to="/login">
            Login
          </Link>
        </p>
      </section>
      <section className="services" aria-label="Services">
        {SERVICES.map((s) => (
          <article key={s.title}>
            <h2>{s.title}</h2>
            <p>{s.text}</p>
          </article>
        ))}
      </section>
      <section aria-labelledby="contact-title">
        <h2 id="contact-title">Contact</h2>
        <address className="contact-block">
          <a href={`mailto:${COMPANY_CONTACT.email}`}>{COMPANY_CONTACT.email}</a>
          <a href={`tel:${COMPANY_CONTACT.phone.replace(/[^\d+]/g, '')}`}>{COMPANY_CONTACT.phone}</a>
          {COMPANY_CONTACT.address.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
      </section>
    </>
  )
}

export default function Index() {
  const data = useLoaderData<typeof loader>()
  if (!data.signedIn) return <Landing />
  return (
    <>
      <FlashNotice />
      <h1>Welcome, {data.name}</h1>
      <InstallApp />
      {data.cards.length > 0 ? <CardGrid items={data.cards} /> : <p>You have no forms yet. Ask the office for access.</p>}
      <OnThisDevice userId={data.userId} />
    </>
  )
}
