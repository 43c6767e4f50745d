import { SectionMenuPage } from '#app/components/section-menu-page.tsx'
import { sectionMenu } from '#app/menu.ts'
import { sectionMenuLoader } from '#app/section-menu.server.ts'

export const access = sectionMenu('/receipt').access

export const handle = { crumbs: [{ label: 'Receipts', to: '/receipt' }] }
export const loader = sectionMenuLoader('/receipt')
export default SectionMenuPage
