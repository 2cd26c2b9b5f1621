import { useEffect, useState } from 'react';

/** An object URL for a blob (an image fetched with the bearer token), revoked when it changes or unmounts. */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is an external resource made and revoked with the effect (StrictMode runs it twice)
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** Saves a file the browser fetched (with the bearer token) under `fileName`. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is only needed for it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
