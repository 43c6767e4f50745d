// The list components as the server renders them (what a browser without JavaScript gets):
// real links and GET forms that carry the list's state.
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { describe, expect, it } from 'vitest'
import { parseListParams, type ListParamErrors, type ListParamSpec } from '#app/lists/list-params.ts'
import { CardSort } from './card-sort.tsx'
import { DataTable, type Column } from './data-table.tsx'
import { DateRangeModal } from './date-range-modal.tsx'
import { EmptyState } from './empty-state.tsx'
import { ListCards } from './list-cards.tsx'
import { ListScreen } from './list-screen.tsx'
import { ListToolbar } from './list-toolbar.tsx'
import { Pager } from './pager.tsx'

const spec: ListParamSpec = { sortable: ['call_in_date', 'company', 'description'], filterable: ['company', 'description'], defaultSort: 'call_in_date' }
const stateOf = (query: string) => parseListParams(query, spec).state

async function render(url: string, element: ReactNode): Promise<string> {
  const handler = createStaticHandler([{ path: '/view-calls', element }])
  const context = await handler.query(new Request(`http://app.test${url}`))
  if (context instanceof Response) throw new Error('unexpected redirect')
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />)
}

function decode(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
}
function attrs(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]))
}
function textOf(html: string): string {
  return decode(html.replace(/<[^>]+>/g, '')).trim()
}
type Tag = Record<string, string> & { text: string; href: string }
function links(html: string): Tag[] {
  return [...html.matchAll(/<a\s([^>]*)>(.*?)<\/a>/gs)].map((m) => ({ href: '', ...attrs(m[1]!), text: textOf(m[2]!) }))
}
function link(html: string, text: string) {
  const found = links(html).find((l) => l.text === text)
  if (!found) throw new Error(`no link "${text}" in ${html}`)
  return found
}
/** the query of a link, as a plain object */
function query(href: string): Record<string, string> {
  return Object.fromEntries(new URL(href, 'http://app.test').searchParams)
}
function inputs(html: string): Record<string, string>[] {
  return [...html.matchAll(/<(input|select)\s([^>]*)>/g)].map((m) => ({ tag: m[1]!, ...attrs(m[2]!) }))
}

interface Row {
  id: number
  call_in_date: string
  company: string
  description: string
}
const rows: Row[] = [
  { id: 7, call_in_date: '2025-03-01', company: 'Alpha Farms', description: 'Fan 2 will not start' },
  { id: 9, call_in_date: '2025-02-11', company: 'Bravo Ag', description: 'Door stuck' },
]
const columns: Column<Row>[] = [
  { key: 'call_in_date', label: 'Date', firstOrder: 'desc' },
  { key: 'company', label: 'Company' },
  { key: 'description', label: 'Description', text: (r) => r.description, cell: (r) => <em>{r.description}</em> },
  { key: 'notes', label: 'Notes', sortable: false, text: () => '–' },
]

describe('DataTable', () => {
  const url = '/view-calls?sort_by=company&order=asc&filter_by=company&filter_value=Alpha+Farms&page_size=20&current_page=3'
  const table = () => render(url, <DataTable rows={rows} columns={columns} state={stateOf(url.split('?')[1]!)} rowHref={(r) => `/view-calls/${r.id}`} rowKey={(r) => r.id} caption="Pending calls" />)

  it('marks the sorted column and links its header to the other order, keeping filter and page size', async () => {
    const html = await table()
    expect(html).toMatch(/<th[^>]*aria-sort="ascending"[^>]*><a[^>]*>Company/)
    expect(query(link(html, 'Company▲').href)).toEqual({ sort_by: 'company', order: 'desc', filter_by: 'company', filter_value: 'Alpha Farms', page_size: '20' })
  })

  it('links other headers to sort by them from page 1, in their first order', async () => {
    const html = await table()
    expect(query(link(html, 'Date↕').href)).toMatchObject({ sort_by: 'call_in_date', order: 'desc' })
    expect(query(link(html, 'Description↕').href)).toMatchObject({ sort_by: 'description', order: 'asc' })
    expect(query(link(html, 'Date↕').href).current_page).toBeUndefined()
    expect(html).toMatch(/<th[^>]*aria-sort="none"[^>]*><a[^>]*>Date/)
  })

  it('leaves an unsortable column as plain text', async () => {
    const html = await table()
    expect(html).toMatch(/<th scope="col">Notes<\/th>/)
  })

  it('puts a real link to the detail in each row’s first cell', async () => {
    const html = await table()
    expect(link(html, '2025-03-01').href).toBe('/view-calls/7')
    expect(link(html, '2025-02-11').href).toBe('/view-calls/9')
    expect(html).toContain('<em>Door stuck</em>')
    expect(html).toContain('<caption class="visually-hidden">Pending calls</caption>')
  })
})

describe('ListCards', () => {
  it('shows each row as a card whose title links to the detail', async () => {
    const html = await render(
      '/view-calls',
      <ListCards
        rows={rows}
        rowKey={(r) => r.id}
        rowHref={(r) => `/view-calls/${r.id}?page_size=20`}
        title={(r) => r.call_in_date}
        fields={[
          { label: 'Company', value: (r) => r.company },
          { label: 'Service', value: (r) => r.description },
        ]}
        label="Pending calls"
      />,
    )
    expect(link(html, '2025-03-01').href).toBe('/view-calls/7?page_size=20')
    expect(html).toMatch(/<dt>Service<\/dt><dd>Fan 2 will not start<\/dd>/)
    expect(html).toContain('aria-label="Pending calls"')
  })
})

describe('Pager', () => {
  const pager = (query: string, totalPages: number, total?: number) => render(`/view-calls?${query}`, <Pager state={stateOf(query)} totalPages={totalPages} total={total} />)

  it('shows the first three, the last three and the pages around the current one, marking it', async () => {
    const html = await pager('current_page=10&sort_by=company&order=asc', 20, 200)
    const pages = links(html).filter((l) => l.text.startsWith('Page '))
    expect(pages.map((l) => l.text)).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 9', 'Page 10', 'Page 11', 'Page 18', 'Page 19', 'Page 20'])
    expect(pages.filter((l) => l['aria-current'] === 'page').map((l) => l.text)).toEqual(['Page 10'])
    expect(html.match(/…/g)).toHaveLength(2)
    expect(query(link(html, 'Page 18').href)).toEqual({ sort_by: 'company', order: 'asc', current_page: '18' })
    expect(query(link(html, 'Previous').href).current_page).toBe('9')
    expect(query(link(html, 'Next').href).current_page).toBe('11')
    expect(textOf(html)).toContain('Showing 91–100 of 200')
  })

  it('has no Previous link on the first page and no Next link on the last', async () => {
    const first = await pager('', 3)
    expect(links(first).map((l) => l.text)).toEqual(['Page 1', 'Page 2', 'Page 3', 'Next'])
    const last = await pager('current_page=3', 3, 25)
    expect(links(last).map((l) => l.text)).toEqual(['Previous', 'Page 1', 'Page 2', 'Page 3'])
    expect(textOf(last)).toContain('Showing 21–25 of 25')
  })

  it('shows no page links for a single page', async () => {
    expect(links(await pager('', 1, 4))).toEqual([])
  })
})

describe('ListToolbar', () => {
  const url = '/view-calls?sort_by=description&order=asc&filter_by=company&filter_value=Bravo+Ag&start_date=2025-01-01&end_date=2025-02-01&page_size=50&current_page=4'
  const toolbar = (errors: ListParamErrors = {}) =>
    render(
      url,
      <ListToolbar
        state={stateOf(url.split('?')[1]!)}
        filterColumns={[
          { key: 'company', label: 'Company' },
          { key: 'description', label: 'Description' },
        ]}
        choices={{ company: ['Alpha Farms', 'Bravo Ag'] }}
        errors={errors}
      />,
    )

  it('is a GET form that keeps sort and dates in hidden fields and starts again at page 1', async () => {
    const html = await toolbar()
    expect(html).toMatch(/<form[^>]*method="get"/)
    const hidden = Object.fromEntries(
      inputs(html)
        .filter((i) => i.type === 'hidden')
        .map((i) => [i.name, i.value]),
    )
    expect(hidden).toEqual({ sort_by: 'description', order: 'asc', start_date: '2025-01-01', end_date: '2025-02-01' })
    expect(inputs(html).some((i) => i.name === 'current_page')).toBe(false)
    expect(html).toMatch(/<button type="submit"[^>]*>Filter<\/button>/)
  })

  it('offers the page sizes and the filter columns, with the current ones chosen', async () => {
    const html = await toolbar()
    const sizes = html.match(/<select[^>]*name="page_size"[^>]*>(.*?)<\/select>/s)![1]!
    expect([...sizes.matchAll(/value="(\d+)"/g)].map((m) => m[1])).toEqual(['10', '20', '50', '100'])
    expect(sizes).toMatch(/<option value="50" selected="">/)
    const columnsHtml = html.match(/<select[^>]*name="filter_by"[^>]*>(.*?)<\/select>/s)![1]!
    expect(columnsHtml).toMatch(/<option value="company" selected="">Company<\/option>/)
    const value = inputs(html).find((i) => i.name === 'filter_value')!
    expect(value.value).toBe('Bravo Ag')
    expect(html).toMatch(new RegExp(`<datalist id="${value.list}"><option value="Alpha Farms"></option><option value="Bravo Ag"></option></datalist>`))
  })

  it('opens the date range by a link that keeps the state, and clears filters but not sort or page size', async () => {
    const html = await toolbar()
    expect(query(link(html, 'Date Range').href)).toEqual({
      sort_by: 'description',
      order: 'asc',
      filter_by: 'company',
      filter_value: 'Bravo Ag',
      start_date: '2025-01-01',
      end_date: '2025-02-01',
      page_size: '50',
      current_page: '4',
      modal: 'date-range',
    })
    expect(query(link(html, 'Clear Filters').href)).toEqual({ sort_by: 'description', order: 'asc', page_size: '50' })
    expect(textOf(html)).toContain('2025-01-01 – 2025-02-01')
  })

  it('links Export CSV to the list’s CSV route with its sort, filter and dates, pages left out', async () => {
    const html = await render(url, <ListToolbar state={stateOf(url.split('?')[1]!)} filterColumns={[{ key: 'company', label: 'Company' }]} exportTo="/view-calls.csv" />)
    const exported = link(html, 'Export CSV')
    expect(exported.href.split('?')[0]).toBe('/view-calls.csv')
    expect(query(exported.href)).toEqual({ sort_by: 'description', order: 'asc', filter_by: 'company', filter_value: 'Bravo Ag', start_date: '2025-01-01', end_date: '2025-02-01' })
    expect(exported).toHaveProperty('download')
    expect(links(await toolbar()).map((l) => l.text)).not.toContain('Export CSV')
  })

  it('shows the messages for refused parameters', async () => {
    const html = await toolbar({ page_size: 'Page size must be one of 10, 20, 50, 100.' })
    expect(html).toMatch(/role="alert"[^>]*><li>Page size must be one of 10, 20, 50, 100.<\/li>/)
  })
})

describe('DateRangeModal', () => {
  const modal = (url: string, errors: ListParamErrors = {}) => render(url, <DateRangeModal state={stateOf(url.split('?')[1] ?? '')} errors={errors} />)

  it('is absent unless the URL asks for it', async () => {
    expect(await modal('/view-calls?sort_by=company')).toBe('')
  })

  it('renders an open dialog with the dates, Apply as a GET submit keeping the rest, and Cancel back without the modal', async () => {
    const html = await modal('/view-calls?sort_by=company&order=asc&filter_by=company&filter_value=Bravo+Ag&start_date=2025-01-01&page_size=20&current_page=2&modal=date-range')
    expect(html).toMatch(/<dialog open=""[^>]*>/)
    expect(html).toMatch(/<h2[^>]*>Select Date Range<\/h2>/)
    expect(html).toMatch(/<form[^>]*method="get"/)
    const fields = inputs(html)
    expect(Object.fromEntries(fields.filter((i) => i.type === 'hidden').map((i) => [i.name, i.value]))).toEqual({
      sort_by: 'company',
      order: 'asc',
      filter_by: 'company',
      filter_value: 'Bravo Ag',
      page_size: '20',
    })
    expect(fields.find((i) => i.name === 'start_date')).toMatchObject({ type: 'date', value: '2025-01-01' })
    expect(fields.find((i) => i.name === 'end_date')).toMatchObject({ type: 'date', value: '' })
    expect(html).toMatch(/<button type="submit"[^>]*>Apply<\/button>/)
    expect(query(link(html, 'Cancel').href)).toEqual({ sort_by: 'company', order: 'asc', filter_by: 'company', filter_value: 'Bravo Ag', start_date: '2025-01-01', page_size: '20', current_page: '2' })
  })

  it('opens by itself for a reversed range, keeping both dates as typed beside the message', async () => {
    const url = '/view-calls?start_date=2025-03-01&end_date=2025-02-01'
    const { state, errors } = parseListParams(url.split('?')[1]!, spec)
    expect(errors).toEqual({ end_date: 'End date must be on or after the start date.' })
    const html = await render(url, <DateRangeModal state={state} errors={errors} />)
    expect(inputs(html).find((i) => i.name === 'start_date')).toMatchObject({ type: 'date', value: '2025-03-01' })
    expect(inputs(html).find((i) => i.name === 'end_date')).toMatchObject({ type: 'date', value: '2025-02-01', 'aria-invalid': 'true' })
    expect(textOf(html)).toContain('End date must be on or after the start date.')
  })

  it('opens by itself for a refused date, showing the text typed and the message', async () => {
    const errors = { end_date: 'End date must be a real date (yyyy-mm-dd).' }
    const html = await modal('/view-calls?end_date=2025-02-30', errors)
    expect(html).toContain('Select Date Range')
    const end = inputs(html).find((i) => i.name === 'end_date')!
    expect(end).toMatchObject({ value: '2025-02-30', 'aria-invalid': 'true' })
    expect(html).toMatch(new RegExp(`<p class="field-error" id="${end['aria-describedby']}">End date must be a real date \\(yyyy-mm-dd\\).</p>`))
  })
})

describe('CardSort', () => {
  const url = '/view-calls?sort_by=company&order=asc&filter_by=company&filter_value=Bravo+Ag&start_date=2025-01-01&page_size=20&current_page=3'
  const sorter = () => render(url, <CardSort state={{ ...stateOf(url.split('?')[1]!), keep: { i: '42' } }} columns={columns} />)

  it('is a GET form offering the sortable columns and both orders, the current ones chosen', async () => {
    const html = await sorter()
    expect(html).toMatch(/<form[^>]*method="get"/)
    const by = html.match(/<select[^>]*name="sort_by"[^>]*>(.*?)<\/select>/s)![1]!
    expect([...by.matchAll(/<option value="(\w+)"( selected="")?>([^<]*)</g)].map((m) => [m[1], m[3], Boolean(m[2])])).toEqual([
      ['call_in_date', 'Date', false],
      ['company', 'Company', true],
      ['description', 'Description', false],
    ])
    const order = html.match(/<select[^>]*name="order"[^>]*>(.*?)<\/select>/s)![1]!
    expect(order).toMatch(/<option value="asc" selected="">Ascending<\/option><option value="desc">Descending<\/option>/)
    expect(html).toMatch(/<button type="submit"[^>]*>Sort<\/button>/)
  })

  it('keeps the filter, dates, page size and the page’s own parameters, and starts again at page 1', async () => {
    const hidden = Object.fromEntries(
      inputs(await sorter())
        .filter((i) => i.type === 'hidden')
        .map((i) => [i.name, i.value]),
    )
    expect(hidden).toEqual({ i: '42', filter_by: 'company', filter_value: 'Bravo Ag', start_date: '2025-01-01', page_size: '20' })
  })
})

describe('ListScreen', () => {
  const screen = (query: string, shown: Row[]) => {
    const state = stateOf(query)
    return render(
      `/view-calls?${query}`,
      <ListScreen
        title="Pending Calls"
        list={{ rows: shown, state, errors: {}, total: shown.length, totalPages: shown.length ? 1 : 0 }}
        columns={columns}
        card={{ title: (r) => r.call_in_date, fields: [{ label: 'Company', value: (r) => r.company }] }}
        filters={[{ key: 'company', label: 'Company' }]}
        empty="No service calls available."
        rowHref={(r, search) => `/view-calls/${r.id}${search}`}
        exportTo="/view-calls.csv"
      />,
    )
  }

  it('puts the heading, the toolbar with Export CSV, the table, the sortable cards and the pager on one page', async () => {
    const html = await screen('sort_by=company&order=asc', rows)
    expect(html).toMatch(/<h1>Pending Calls<\/h1>/)
    expect(link(html, 'Export CSV').href).toBe('/view-calls.csv?sort_by=company&order=asc')
    expect(html).toContain('<caption class="visually-hidden">Pending Calls</caption>')
    expect(html).toMatch(/<form[^>]*class="list-card-sort"/)
    expect(html).toMatch(/<ul class="list-cards" aria-label="Pending Calls">/)
    // rows open their detail with the list's search, so Close comes back to the same list
    expect(
      links(html)
        .filter((l) => l.text === '2025-03-01')
        .map((l) => l.href),
    ).toEqual(['/view-calls/7?sort_by=company&order=asc', '/view-calls/7?sort_by=company&order=asc'])
    expect(textOf(html)).toContain('Showing 1–2 of 2')
  })

  it('says a flash once: a row opened from the list does not carry it on (Follow-up closed. stays with the list)', async () => {
    const html = await screen('sort_by=company&order=asc&flash=follow-up-closed', rows)
    expect(textOf(html)).toContain('Follow-up closed.')
    expect(
      links(html)
        .filter((l) => l.text === '2025-03-01')
        .map((l) => l.href),
    ).toEqual(['/view-calls/7?sort_by=company&order=asc', '/view-calls/7?sort_by=company&order=asc'])
  })

  it('shows the list’s empty text, and no table, cards or sort control, when nothing matches', async () => {
    const html = await screen('filter_by=company&filter_value=Nobody', [])
    expect(html).toMatch(/role="status"[^>]*><p>No service calls available.<\/p>/)
    expect(html).not.toContain('<table')
    expect(html).not.toContain('list-card-sort')
  })
})

describe('EmptyState', () => {
  it('shows the list’s own text', async () => {
    const html = await render('/view-calls', <EmptyState message="No service calls available." />)
    expect(html).toMatch(/role="status"[^>]*><p>No service calls available.<\/p>/)
  })
})

describe('a list that keeps a parameter of its page (one storage’s sheets, ?i=)', () => {
  const state = { ...stateOf('?sort_by=company&order=asc&current_page=2'), keep: { i: '42' } }
  it('keeps it in sort links, pager links, the toolbar and the date range form', async () => {
    const table = await render('/view-calls?i=42', <DataTable rows={rows} columns={[{ key: 'company', label: 'Company' }]} state={state} rowHref={(r) => `/x/${r.id}`} rowKey={(r) => r.id} />)
    expect(query(link(table, 'Company▲').href)).toMatchObject({ i: '42', sort_by: 'company', order: 'desc' })
    const pager = await render('/view-calls?i=42', <Pager state={state} totalPages={3} total={25} />)
    expect(links(pager).map((l) => [l.text, query(l.href).i])).toEqual([
      ['Previous', '42'],
      ['Page 1', '42'],
      ['Page 2', '42'],
      ['Page 3', '42'],
      ['Next', '42'],
    ])
    const toolbar = await render('/view-calls?i=42', <ListToolbar state={state} filterColumns={[{ key: 'company', label: 'Company' }]} choices={{}} errors={{}} />)
    expect(inputs(toolbar).find((i) => i.name === 'i')).toMatchObject({ type: 'hidden', value: '42' })
    const modal = await render('/view-calls?i=42', <DateRangeModal state={state} errors={{}} open />)
    expect(inputs(modal).find((i) => i.name === 'i')).toMatchObject({ type: 'hidden', value: '42' })
  })
})
