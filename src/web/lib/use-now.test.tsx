// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { useNow } from './use-now';

afterEach(cleanup);

// A screen's only running duration (the station's planned vs elapsed time, an open interruption on the home
// board) re-rendered itself without end: each render subscribed anew and the fresh subscription reset the
// clock, which rendered again (React: "Maximum update depth exceeded"; the station's order list never held still).
it('renders a lone reader once while its period has not ticked', async () => {
  let renders = 0;
  function Elapsed() {
    renders += 1;
    const now = useNow(60_000);
    return <span>{now > 0 ? 'running' : 'not yet'}</span>;
  }
  const { getByText } = render(<Elapsed />);
  getByText('running');
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(renders).toBe(1);
});
