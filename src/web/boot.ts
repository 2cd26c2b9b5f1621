// The script of the prerendered pages, the public ones and the signed-in frame's stand-in (vite.config.ts,
// prerenderPublicPages): their markup paints without it, so the console's scripts are asked for after the first
// frame, and the stylesheets and the font have the network to themselves until then. index.html, without markup,
// loads main.tsx at once.
requestAnimationFrame(() => setTimeout(() => void import('./main')));
