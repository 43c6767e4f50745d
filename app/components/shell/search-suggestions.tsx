// The search box's suggestions (issue 24, decision 0068), loaded when the box is first focused: as
// the user types, the results page's own data (fetched with a fetcher, no second endpoint) shows
// grouped by kind; ArrowDown/ArrowUp move through it, Enter opens the one chosen (or, with none
// chosen, submits the box to the results page), Escape closes the list.
import { useFetcher, useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState, type MutableRefObject, type RefObject } from 'react'
import type { SearchData, SearchLink } from '#app/search.ts'
import { parseSearchQuery } from '#core/search.ts'
import { LIST_ID, type SuggestionControl, type SuggestionState } from './search-control.ts'

const optionId = (i: number) => `top-search-option-${i}`
/** wait this long after the last key before asking the server */
const TYPING_MS = 200

export default function Suggestions({
  input,
  control,
  onState,
}: {
  input: RefObject<HTMLInputElement>
  control: MutableRefObject<SuggestionControl | null>
  onState: (state: SuggestionState) => void
}) {
  const fetcher = useFetcher<SearchData>()
  const navigate = useNavigate()
  // what was typed before this module arrived counts too
  const [text, setText] = useState(() => input.current?.value ?? '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const timer = useRef<number>()
  // the suggestions answer what is typed now (an older answer is not shown)
  const fresh = fetcher.data && parseSearchQuery(text).q === fetcher.data.q ? fetcher.data : null
  const groups = fresh?.groups ?? []
  const options: SearchLink[] = groups.flatMap((g) => g.links)
  const answered = open && fresh !== null
  const expanded = answered && options.length > 0
  const activeId = expanded && active >= 0 && active < options.length ? optionId(active) : undefined

  function change(value: string) {
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

  control.current = {
    change,
    focus: () => setOpen(parseSearchQuery(text).ok),
    close: () => setOpen(false),
    keyDown(event) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        if (!expanded) return setOpen(parseSearchQuery(text).ok)
        // -1 (the text itself), then each option, round again
        const n = options.length + 1
        const step = event.key === 'ArrowDown' ? 1 : -1
        setActive((i) => ((i + 1 + step + n) % n) - 1)
      } else if (event.key === 'Escape') {
        if (expanded) event.preventDefault()
        setOpen(false)
        setActive(-1)
      } else if (event.key === 'Enter' && expanded && options[active]) {
        event.preventDefault()
        go(options[active])
      }
    },
  }

  useEffect(() => onState({ expanded, active: activeId }), [expanded, activeId, onState])
  useEffect(() => {
    if (document.activeElement === input.current && text) change(text)
    return () => window.clearTimeout(timer.current)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the module arrives: what was typed before it
  }, [])

  let index = -1
  return (
    <>
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
                // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- a combobox's option: focus stays in the box, which names the chosen one (aria-activedescendant)
                <div
                  key={link.href}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className="top-search__option"
                  // mousedown, not click: the box's blur would close the list first
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
        {answered ? (expanded ? `${options.length} suggestions` : (fresh?.message ?? 'Nothing found.')) : ''}
      </div>
    </>
  )
}
