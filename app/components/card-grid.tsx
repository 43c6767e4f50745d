import { Link } from '@remix-run/react'
import type { MenuItem } from '#app/menu.ts'

export function CardGrid({ items }: { items: Pick<MenuItem, 'to' | 'title' | 'description'>[] }) {
  return (
    <ul className="card-grid">
      {items.map((item) => (
        <li key={item.to}>
          <Link className="card" to={item.to}>
            <h2>{item.title}</h2>
            <p>{item.description}</p>
          </Link>
        </li>
      ))}
    </ul>
  )
}
