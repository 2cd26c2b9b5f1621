import type { DocumentEvent } from '../../../domain/documents/documents.events.js';
import { everyone, type LiveRule, liveRulesOf, writersAndSubject } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    documents: DocumentEvent;
  }
}

/**
 * A document: every user of the company reads it (GET /api/documents/{id}), except a person's own
 * (`subjectType` employee: a timesheet), which its person and the supervisors read (another's answers 404).
 * Generated and failed events carry the subject since timesheets; older ones without it go to everyone.
 */
const documentOf: LiveRule = (data) => (data.subjectType === 'employee' ? { subject: 'subjectId', roles: writersAndSubject.roles } : everyone);

/** Who of the company receives each event of documents on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const documentsLiveRules = liveRulesOf<DocumentEvent>()({
  DocumentRequested: documentOf,
  DocumentGenerated: documentOf,
  DocumentFailed: documentOf,
  DocumentRefused: documentOf,
});
