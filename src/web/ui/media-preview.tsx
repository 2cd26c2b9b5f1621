import type { MediumSource } from '../lib/medium-source';
import { useObjectUrl } from '../lib/object-url';
import './media-preview.css';

export interface MediaPreviewProps {
  /** What the medium is shown from (`useMediumSource`). */
  source: MediumSource;
  /** The file's name: the image's text alternative and the drawing's title. */
  name: string;
  /** The link that opens the drawing in a tab of its own (already translated). */
  openLabel: string;
}

/**
 * An image or a PDF drawing: the image from its bytes, or the PDF in the browser's own viewer in a
 * frame of its same-origin view link (the console's policy allows frames of its own origin only),
 * with a link that opens it in a tab of its own.
 */
export function MediaPreview({ source, name, openLabel }: MediaPreviewProps) {
  const url = useObjectUrl(source.kind === 'image' ? source.blob : null);
  if (source.kind === 'pdf') {
    return (
      <>
        <iframe className="media-preview media-preview-pdf" src={source.url} title={name} />
        <a href={source.url} target="_blank" rel="noopener noreferrer">
          {openLabel}
        </a>
      </>
    );
  }
  return url ? <img className="media-preview media-preview-image" src={url} alt={name} /> : null;
}
