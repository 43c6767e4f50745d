// The company's public contact details, shown on the landing page and used by 'Need Access?'.
export const COMPANY_CONTACT = {
  email: 'office@keystonestorage.com',
  phone: '(208) 555-0142',
  address: ['1450 Industrial Way', 'Idaho Falls, ID 83402'],
} as const

export const SERVICES = [
  { title: 'Sprout-inhibitor treatment', text: 'Thermal fogging and application of sprout inhibitors in stored potatoes, with records for every pile.' },
  { title: 'Post-harvest chemical application', text: 'Pre-treat planning, application and reviewed application sheets for each storage.' },
  { title: 'Ventilation and refrigeration', text: 'Fans, doors, panels, humidifiers and refrigeration serviced through the season.' },
  { title: 'Metal fabrication', text: 'Ducts, doors and custom parts made for your storage.' },
  { title: 'Construction', text: 'New storages and repairs to Behlen, straight-wall, K-span, A-frame and Quonset buildings.' },
  { title: 'Electrical', text: 'Control panels, wiring and communications for storage equipment.' },
] as const
