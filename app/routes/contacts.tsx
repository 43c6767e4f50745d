import { SectionMenuPage } from '#app/components/section-menu-page.tsx'
import { sectionMenuLoader } from '#app/section-menu.server.ts'

export const handle = { crumbs: [{ label: 'Contacts', to: '/contacts' }] }
export const loader = sectionMenuLoader('/contacts')
export default SectionMenuPage
