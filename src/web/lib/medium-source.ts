import { useQuery } from '@tanstack/react-query';
import { api, apiBaseUrl } from './api';

/** What a medium is shown from: an image's bytes (fetched with the bearer token), or a PDF's view link on our own origin. */
export type MediumSource = { kind: 'image'; blob: Blob } | { kind: 'pdf'; url: string };

const pathOf = (url: string) => (url.startsWith(apiBaseUrl) ? url.slice(apiBaseUrl.length) : url);

// A view link lasts ten minutes (the server's `mediumViewSeconds`): asked again before it runs out.
const viewLinkStaleMs = 8 * 60_000;

/**
 * How to show a medium (`url`: its `/file` address). A PDF is shown by the browser's own viewer in a
 * frame of a short-lived same-origin link (`/view-link`), since the console's policy (object-src
 * 'none', frame-src 'self') refuses a PDF from a blob; an image is shown from its bytes.
 */
export function useMediumSource(medium: { url: string; contentType: string } | null) {
  const isPdf = medium?.contentType === 'application/pdf';
  return useQuery({
    queryKey: ['materials', 'medium', medium?.url ?? '', isPdf ? 'view-link' : 'bytes'],
    queryFn: async (): Promise<MediumSource> => {
      const path = pathOf(medium?.url ?? '');
      if (!isPdf) return { kind: 'image', blob: await api.blob(path) };
      const link = await api.get<{ url: string }>(path.replace(/\/file$/, '/view-link'));
      return { kind: 'pdf', url: link.url };
    },
    enabled: medium !== null,
    staleTime: isPdf ? viewLinkStaleMs : Infinity,
  });
}
