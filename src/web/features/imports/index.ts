/** CSV imports: the import screen (kind, file, mapping, dry run, import job with its progress and report). */
export { ImportScreen } from './import-screen';
