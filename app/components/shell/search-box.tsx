// The top bar's search box (issue 24, decision 0068): a plain GET form to /search, so it works
// without JavaScript (the results page). With JavaScript it is a combobox (WAI-ARIA 1.2, list
// autocomplete): as the user types, the results page's own data (fetched with a fetcher, no second
// endpoint) shows as suggestions grouped by kind; ArrowDown/ArrowUp move through them, Enter opens
// the one chosen (or, with none chosen, the results page), Escape closes the list.
import { Form, useFetcher, useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { SearchData, SearchLink } from '#app/search.ts'
import { MAX_QUERY_LENGTH, parseSearchQuery } from '#core/search.ts'
import { Icon } from '../icons.tsx'

const LIST_ID = 'top-search-list'
const optionId = (i: number) => `top-search-option-${i}`
/** wait this long after the last key before asking the server */
const TYPING_MS = 200

export function SearchBox() {
  const fetcher = useFetcher<SearchData>()
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const timer = useRef<number>()
  const data = fetcher.data
  // the suggestions answer what is typed now (an older answer is not shown)
  const fresh = data && parseSearchQuery(text).q === data.q ? data : null
  const groups = fresh?.groups ?? []
  const options: SearchLink[] = groups.flatMap((g) => g.links)
  const answered = open && fresh !== null
  const expanded = answered && options.length > 0
  useEffect(() => () => window.clearTimeout(timer.current), [])

  function changed(value: string) {
    setText(value)
    setActive(-1)
    window.clearTimeout(timer.current)
    const parsed = parseSearchQuery(value)
    setOpen(parsed.ok)
    if (parsed.ok) timer.current = window.setTimeout(() => fetcher.load(`/search?${new URLSearchParams({ q: parsed.q })}`), TYPING_MS)
  }

  function go(link: SearchLink) {
    setOpen(false)
    navigate(link.href)
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!expanded) return setOpen(parseSearchQuery(text).ok)
      // -1 (the text itself), then each option, round again
      const step = event.key === 'ArrowDown' ? 1 : -1
      const n = options.length + 1
      setActive((i) => ((i + 1 + step + n) % n) - 1)
    } else if (event.key === 'Escape') {
      if (expanded) event.preventDefault()
      setOpen(false)
      setActive(-1)
    } else if (event.key === 'Enter' && expanded && options[active]) {
      event.preventDefault()
      go(options[active])
    }
  }

  let index = -1
  return (
    <Form method="get" action="/search" role="search" className="top-search" onSubmit={() => setOpen(false)}>
      <input
        type="search"
        name="q"
        aria-label="Search"
        placeholder="Search"
        autoComplete="off"
        maxLength={MAX_QUERY_LENGTH}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={LIST_ID}
        aria-activedescendant={expanded && active >= 0 && active < options.length ? optionId(active) : undefined}
        value={text}
        onChange={(e) => changed(e.target.value)}
        onKeyDown={keyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(parseSearchQuery(text).ok)}
      />
      <button type="submit" className="icon-button" aria-label="Search" title="Search">
        <Icon name="search" />
      </button>
      <div id={LIST_ID} role="listbox" aria-label="Suggestions" className="top-search__list" hidden={!expanded}>
        {groups.map((g) => (
          <div key={g.kind} role="group" aria-label={`${g.title} (${g.countText})`}>
            <div className="top-search__kind" aria-hidden="true">
              {g.title} ({g.countText})
            </div>
            {g.links.map((link) => {
              index += 1
              const i = index
              return (
                <div
                  key={link.href}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className="top-search__option"
                  // mousedown, not click: the input's blur would close the list first
                  onMouseDown={(e) => (e.preventDefault(), go(link))}
                >
                  {link.label}
                  {link.detail ? <span> {link.detail}</span> : null}
                </div>
              )
            })}
          </div>
        ))}
      </div>
      <div role="status" className={answered && !expanded ? 'top-search__none' : 'visually-hidden'}>
        {answered ? (expanded ? `${options.length} suggestions` : fresh?.message ?? 'Nothing found.') : ''}
      </div>
    </Form>
  )
}
