import { SectionMenuPage } from '#app/components/section-menu-page.tsx'
import { sectionMenuLoader } from '#app/section-menu.server.ts'

export const handle = { crumbs: [{ label: 'Receipts', to: '/receipt' }] }
export const loader = sectionMenuLoader('/receipt')
export default SectionMenuPage
