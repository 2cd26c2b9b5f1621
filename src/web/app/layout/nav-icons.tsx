import type { NavItemId } from './nav-items';

const paths: Record<NavItemId, string> = {
  home: 'M3 10.5L12 3l9 7.5V21h-6v-6H9v6H3z',
  order: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  material: 'M12 3l8 4.5v9L12 21l-8-4.5v-9zM4 7.5l8 4.5 8-4.5M12 12v9',
  station: 'M3 21V11l5 3v-3l5 3v-3l5 3V5h3v16z',
  plan: 'M3 4v17h18M7 8h6M10 12h7M8 16h5',
  team: 'M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM2 20c0-3.9 3.1-6 7-6s7 2.1 7 6M16 4.5a3.5 3.5 0 010 6.5M18 14c2.4.6 4 2.4 4 6',
  company: 'M4 21V5l8-2v18M12 8h8v13M7 8h2M7 12h2M7 16h2M15 12h2M15 16h2M2 21h20',
  customers: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4.4 3.6-7 8-7s8 2.6 8 7',
  clients: 'M4 4h12a2 2 0 012 2v14H6a2 2 0 01-2-2V4zM18 8h2M18 12h2M18 16h2M11 11a2.5 2.5 0 100-5 2.5 2.5 0 000 5zM7 17c0-2.2 1.8-3.5 4-3.5s4 1.3 4 3.5',
};

/** The outline icon in front of a sidebar item; decorative, the label names the item. */
export function NavIcon({ id }: { id: NavItemId }) {
  return (
    <svg className="sidebar-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[id]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
