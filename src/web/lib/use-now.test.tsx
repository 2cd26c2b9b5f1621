// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// A screen's only running duration (the station's planned vs elapsed time, an open interruption on the home
// board) re-rendered itself without end: each render subscribed anew and the fresh subscription reset the
// clock, which rendered again (React: "Maximum update depth exceeded"; the station's order list never held still).
it('renders a lone reader once while its period has not ticked', () => {
  let renders = 0;
  function Elapsed() {
    renders += 1;
    const now = useNow(60_000);
    return <span>{now > 0 ? 'running' : 'not yet'}</span>;
  }
  // A clock that moves a millisecond each time it is read: a reader that reset the time on subscribing would
  // render again at once, with no waiting in the test.
  let clock = 1_700_000_000_000;
  vi.spyOn(Date, 'now').mockImplementation(() => (clock += 1));
  const { getByText } = render(<Elapsed />);
  getByText('running');
  expect(renders).toBe(1);
});
