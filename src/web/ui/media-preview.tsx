import { useObjectUrl } from '../lib/object-url';
import './media-preview.css';

export interface MediaPreviewProps {
  /** The file's bytes, once fetched (with the bearer token); null while loading. */
  blob: Blob | null;
  contentType: string;
  /** The file's name: the image's text alternative and the drawing's title. */
  name: string;
  /** Shown when the browser cannot show a PDF inline, with the link that opens it (already translated). */
  openLabel: string;
}

/**
 * An image or a PDF drawing shown from its bytes: the image itself, or the PDF in the browser's
 * viewer with a link that opens it in a tab of its own where no viewer is built in.
 */
export function MediaPreview({ blob, contentType, name, openLabel }: MediaPreviewProps) {
  const url = useObjectUrl(blob);
  if (!url) return null;
  if (contentType.startsWith('image/')) return <img className="media-preview media-preview-image" src={url} alt={name} />;
  return (
    <object className="media-preview media-preview-pdf" data={url} type={contentType} title={name}>
      <a href={url} target="_blank" rel="noopener noreferrer">
        {openLabel}
      </a>
    </object>
  );
}
