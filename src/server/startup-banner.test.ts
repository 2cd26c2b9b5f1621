import { describe, expect, it } from 'vitest';
import { startupBanner } from './startup-banner.js';

describe('startupBanner', () => {
  it('names the URL, the embedded database, in-process jobs, the generated master password and the demo sign-ins on a first start', () => {
    const banner = startupBanner({
      url: 'http://localhost:3000',
      database: { kind: 'embedded', dataDir: '/srv/data/pgdata' },
      jobs: 'in-process',
      seed: {
        master: { email: 'master@shopfloor.local', generatedPassword: 'Abc123Q!' },
        demo: {
          companyName: 'Demo Metallbau GmbH',
          users: [{ role: 'SUPER_USER', login: 'super@demo.example.com', password: 'Demo-Super1!' }],
          passwordsGenerated: false,
        },
      },
    });
    expect(banner).toContain('http://localhost:3000');
    expect(banner).toContain('embedded PostgreSQL in /srv/data/pgdata');
    expect(banner).toContain('in the server process');
    expect(banner).toContain('master@shopfloor.local / Abc123Q!');
    expect(banner).toMatch(/Demo super user\s+super@demo.example.com \/ Demo-Super1!/);
  });

  it('on a later start says where the accounts are instead of printing passwords, and names the worker for Redis', () => {
    const banner = startupBanner({ url: 'http://localhost:3000', database: { kind: 'postgres' }, jobs: 'redis', seed: {} });
    expect(banner).toContain('PostgreSQL (DATABASE_URL)');
    expect(banner).toContain('npm run worker');
    expect(banner).toContain('created on an earlier start');
    expect(banner).not.toContain('/ ');
  });

  it('on a first start with the demo still being prepared says so, lists its sign-ins, and gives the time to ready', () => {
    const banner = startupBanner({
      url: 'http://localhost:3000',
      database: { kind: 'embedded', dataDir: '/srv/data/pgdata' },
      jobs: 'in-process',
      seed: { master: { email: 'master@shopfloor.local', generatedPassword: 'Abc123Q!' } },
      demoPreparing: { users: [{ role: 'ADMIN', login: 'admin@demo.example.com', password: 'Demo-Admin1!' }] },
      readySeconds: 6.42,
    });
    expect(banner).toMatch(/Demo company\s+being prepared in the background/);
    expect(banner).toMatch(/Demo admin\s+admin@demo.example.com \/ Demo-Admin1!/);
    expect(banner).toMatch(/Ready in\s+6.4 s/);
    expect(banner).not.toContain('created on an earlier start');
  });

  it('under npm run dev names the Vite console to open and the API beside it', () => {
    const banner = startupBanner({
      url: 'http://127.0.0.1:5173',
      apiUrl: 'http://localhost:3000',
      database: { kind: 'postgres' },
      jobs: 'in-process',
      seed: {},
    });
    expect(banner).toMatch(/Console\s+http:\/\/127\.0\.0\.1:5173/);
    expect(banner).toMatch(/API\s+http:\/\/localhost:3000/);
  });
});
