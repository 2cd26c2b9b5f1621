/**
 * Documents (PDFs): the documents panel that the shipment, material and order screens show
 * (app/ composes it into them).
 */
export { DocumentsPanel, type DocumentsPanelProps } from './documents-panel';
export { orderDocumentTypes } from './document-types';
