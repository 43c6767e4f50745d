// /service-status.csv: the tracker's CSV under the tracker's second path.
export { access, loader } from './sheet-status[.]csv.ts'
