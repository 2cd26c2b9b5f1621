import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentSubjectType, RequestDocumentInput } from '../../../../domain/documents/documents.schema';
import type { DocumentList, DocumentView } from '../../../../domain/documents/documents.views';
import { api } from '../../../lib/api';

/** Every documents query starts with this key: a request or a live event reads the lists again. */
export const documentsKey = ['documents'] as const;

export const getDocumentsQueryOptions = (subjectType: DocumentSubjectType, subjectId: string) =>
  queryOptions({
    queryKey: [...documentsKey, subjectType, subjectId],
    queryFn: () => api.get<DocumentList>('/documents', { query: { subjectType, subjectId, limit: 20 } }),
  });

/** `GET /api/documents`: the documents of a shipment, a material or an order, newest first. */
export const useDocuments = (subjectType: DocumentSubjectType, subjectId: string) =>
  useQuery({ ...getDocumentsQueryOptions(subjectType, subjectId), enabled: subjectId !== '' });

/** `POST /api/documents`: the request is recorded at once (202); the PDF follows from the pdf queue. */
export function useRequestDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestDocumentInput) => api.post<DocumentView>('/documents', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKey }),
  });
}

/** A generated document's PDF (fetched with the bearer token, so it can be saved). */
export const downloadDocument = (document: DocumentView): Promise<Blob> => api.blob(`/documents/${encodeURIComponent(document.id)}/file`);
